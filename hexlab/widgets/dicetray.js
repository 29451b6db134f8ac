// hexlab DiceTray: the last roll's dice, with a short roll animation.
// Shipped with the package (no CDN imports). Custom faces are drawn as small SVG icons; d6 faces as
// pips; other numbers (d10 read 1-10) as numerals.

const SVG = "http://www.w3.org/2000/svg";

const ICONS = {
  infantry: '<path d="M10 30 Q10 12 25 12 Q40 12 40 30 Z" fill="currentColor"/><rect x="6" y="29" width="38" height="5" rx="2" fill="currentColor"/>',
  armor: '<rect x="7" y="24" width="36" height="10" rx="5" fill="currentColor"/><rect x="15" y="16" width="16" height="9" rx="2" fill="currentColor"/><rect x="30" y="18" width="15" height="3" fill="currentColor"/><circle cx="13" cy="34" r="3" fill="#fff"/><circle cx="25" cy="34" r="3" fill="#fff"/><circle cx="37" cy="34" r="3" fill="#fff"/>',
  grenade: '<ellipse cx="24" cy="30" rx="11" ry="13" fill="currentColor"/><rect x="19" y="12" width="10" height="6" fill="currentColor"/><path d="M29 14 Q38 12 36 24" stroke="currentColor" stroke-width="3" fill="none"/><circle cx="17" cy="14" r="4" stroke="currentColor" stroke-width="2" fill="none"/><path d="M13 28 H35 M13 34 H35 M24 18 V42" stroke="#fff" stroke-width="1.5"/>',
  star: '<polygon points="25,6 30,19 44,19 33,28 37,42 25,34 13,42 17,28 6,19 20,19" fill="currentColor"/>',
  flag: '<rect x="11" y="7" width="3" height="36" fill="currentColor"/><path d="M14 8 Q24 4 30 9 Q36 13 42 9 V25 Q36 29 30 25 Q24 20 14 24 Z" fill="currentColor"/>',
  oh_dear: '<circle cx="25" cy="25" r="17" fill="none" stroke="currentColor" stroke-width="3"/><circle cx="19" cy="21" r="2.5" fill="currentColor"/><circle cx="31" cy="21" r="2.5" fill="currentColor"/><path d="M17 33 Q25 27 33 33" stroke="currentColor" stroke-width="3" fill="none"/>',
  run_away: '<path d="M40 25 H14 M22 15 L12 25 L22 35" stroke="currentColor" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="M40 17 V33" stroke="currentColor" stroke-width="3"/>',
  ouch: '<polygon points="25,5 29,18 42,12 33,24 45,30 31,31 34,45 25,35 16,45 19,31 5,30 17,24 8,12 21,18" fill="currentColor"/>',
  hit_and_run: '<polygon points="18,8 21,18 31,14 25,22 33,27 22,27 24,37 18,29 12,37 14,27 4,27 12,22 6,14 15,18" fill="currentColor"/><path d="M46 32 H28 M34 26 L28 32 L34 38" stroke="currentColor" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
};

const PIPS = {
  1: [[25, 25]], 2: [[15, 15], [35, 35]], 3: [[14, 14], [25, 25], [36, 36]],
  4: [[15, 15], [35, 15], [15, 35], [35, 35]], 5: [[15, 15], [35, 15], [25, 25], [15, 35], [35, 35]],
  6: [[15, 13], [35, 13], [15, 25], [35, 25], [15, 37], [35, 37]],
};

function faceSvg(die, icons) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 50 50");
  svg.setAttribute("class", "hexlab-die-face");
  const face = die.face;
  if (typeof face === "number" && die.sides === 6 && PIPS[face]) {
    svg.innerHTML = PIPS[face].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4.6" fill="currentColor"/>`).join("");
  } else if (typeof face === "number") {
    svg.innerHTML = `<text x="25" y="34" text-anchor="middle" font-size="26" font-weight="700" fill="currentColor">${face}</text>`;
  } else if (icons[face] || ICONS[face]) {
    svg.innerHTML = icons[face] || ICONS[face];
  } else {
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("x", "25"); t.setAttribute("y", "31"); t.setAttribute("text-anchor", "middle");
    t.setAttribute("font-size", "13"); t.setAttribute("fill", "currentColor");
    t.textContent = String(face).slice(0, 6);
    svg.appendChild(t);
  }
  return svg;
}

function dieEl(die, icons) {
  const box = document.createElement("div");
  box.className = "hexlab-die" + (die.counts ? " hexlab-die-counts" : "");
  box.title = die.label;
  box.appendChild(faceSvg(die, icons));
  const cap = document.createElement("div");
  cap.className = "hexlab-die-label";
  cap.textContent = die.label;
  box.appendChild(cap);
  return box;
}

function render({ model, el }) {
  el.classList.add("hexlab-dicetray");
  const caption = document.createElement("div");
  caption.className = "hexlab-dicetray-caption";
  const groups = document.createElement("div");
  groups.className = "hexlab-dicetray-groups";
  el.append(caption, groups);
  let timer = null;

  function paint(dice) {
    groups.replaceChildren();
    let current = null;
    let last = null;
    for (const die of dice) {
      if (die.group !== last) {
        current = document.createElement("div");
        current.className = "hexlab-dice-group";
        if (die.group_label) {
          const h = document.createElement("div");
          h.className = "hexlab-dice-group-label";
          h.textContent = die.group_label;
          current.appendChild(h);
        }
        groups.appendChild(current);
        last = die.group;
      }
      current.appendChild(dieEl(die, model.get("icons") || {}));
    }
    if (!dice.length) {
      const empty = document.createElement("div");
      empty.className = "hexlab-dicetray-empty";
      empty.textContent = "No dice rolled yet.";
      groups.appendChild(empty);
    }
  }

  function show(animate) {
    const dice = model.get("dice") || [];
    caption.textContent = model.get("caption") || "";
    if (timer) { clearInterval(timer); timer = null; }
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!animate || still || !dice.length) { paint(dice); return; }
    let ticks = 0;
    el.classList.add("hexlab-rolling");
    timer = setInterval(() => {
      ticks += 1;
      if (ticks > 7) {
        clearInterval(timer); timer = null;
        el.classList.remove("hexlab-rolling");
        paint(dice);
        return;
      }
      paint(dice.map((d) => {
        const faces = d.faces && d.faces.length ? d.faces : [d.face];
        return { ...d, face: faces[Math.floor(Math.random() * faces.length)] };
      }));
    }, 60);
  }

  model.on("change:roll", () => show(true));
  model.on("change:dice", () => show(false));
  model.on("change:caption", () => { caption.textContent = model.get("caption") || ""; });
  show(false);
  return () => { if (timer) clearInterval(timer); };
}

export default { render };

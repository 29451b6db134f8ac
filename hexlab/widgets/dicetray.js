// hexlab DiceTray: the last roll's dice, what each face does, and what the roll did, with a short roll animation.
// Shipped with the package (no CDN imports). Custom faces are drawn with the pictures their ruleset's die
// brings (Die.icons, sent as the model's "icons"); d6 faces as pips; other numbers (d10 read 1-10) as numerals;
// a face that stands for several numbers that do nothing is drawn blank (never as a range).
// The heading says whether this is the roll being resolved now or the last roll, with its turn and phase
// (muted when the game has moved on).

const SVG = "http://www.w3.org/2000/svg";

const PIPS = {
  1: [[25, 25]], 2: [[15, 15], [35, 35]], 3: [[14, 14], [25, 25], [36, 36]],
  4: [[15, 15], [35, 15], [15, 35], [35, 35]], 5: [[15, 15], [35, 15], [25, 25], [15, 35], [35, 35]],
  6: [[15, 13], [35, 13], [15, 25], [35, 25], [15, 37], [35, 37]],
};

function faceSvg(die, icons) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 50 50");
  svg.setAttribute("class", "hexlab-die-face");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", die.label);
  const face = die.face;
  if (die.blank) {
    svg.classList.add("hexlab-die-blank");  // a face that does nothing, whichever number it was
  } else if (typeof face === "number" && die.sides === 6 && PIPS[face]) {
    svg.innerHTML = PIPS[face].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4.6" fill="currentColor"/>`).join("");
  } else if (typeof face === "number") {
    svg.innerHTML = `<text x="25" y="34" text-anchor="middle" font-size="26" font-weight="700" fill="currentColor">${face}</text>`;
  } else if (icons[face]) {
    svg.innerHTML = icons[face];  // the ruleset's own picture of the face (Die.icons)
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
  box.title = die.meaning || die.label;
  box.appendChild(faceSvg(die, icons));
  const cap = document.createElement("div");
  cap.className = "hexlab-die-label";
  cap.textContent = die.label;
  box.appendChild(cap);
  if (die.meaning) {
    const what = document.createElement("div");
    what.className = "hexlab-die-meaning";
    what.textContent = die.meaning;
    box.appendChild(what);
  }
  return box;
}

function render({ model, el }) {
  el.classList.add("hexlab-dicetray");
  const heading = document.createElement("div");
  heading.className = "hexlab-dicetray-heading";
  const caption = document.createElement("div");
  caption.className = "hexlab-dicetray-caption";
  const groups = document.createElement("div");
  groups.className = "hexlab-dicetray-groups";
  const results = document.createElement("ul");
  results.className = "hexlab-dicetray-results";
  el.append(heading, caption, groups, results);
  let timer = null;

  function words() {
    const status = model.get("status") || "none";
    el.classList.toggle("hexlab-dicetray-last", status === "last");
    el.classList.toggle("hexlab-dicetray-current", status === "current");
    heading.textContent = model.get("heading") || "";
    caption.textContent = model.get("caption") || "";
    results.replaceChildren(...(model.get("results") || []).map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
  }

  function paint(dice) {
    groups.replaceChildren();
    let current = null;
    let last = null;
    for (const die of dice) {
      if (die.group !== last) {
        current = document.createElement("div");
        current.className = "hexlab-dice-group";
        if (die.group_label || die.roller) {
          const h = document.createElement("div");
          h.className = "hexlab-dice-group-label";
          h.textContent = [die.group_label, die.roller ? `${die.roller} rolls` : ""].filter(Boolean).join(" · ");
          current.appendChild(h);
        }
        const row = document.createElement("div");
        row.className = "hexlab-dice-row";
        current.appendChild(row);
        groups.appendChild(current);
        last = die.group;
      }
      current.lastChild.appendChild(dieEl(die, model.get("icons") || {}));
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
    words();
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
        return { ...d, face: faces[Math.floor(Math.random() * faces.length)], blank: false, meaning: "" };
      }));
    }, 60);
  }

  model.on("change:roll", () => show(true));
  model.on("change:dice", () => show(false));
  for (const name of ["caption", "heading", "status", "results"]) {
    model.on(`change:${name}`, words);
  }
  show(false);
  return () => { if (timer) clearInterval(timer); };
}

export default { render };

// The six picture icons of the Classic board, drawn in SVG (no emoji fonts needed), centred on 0,0 in a
// badge of radius 11 user units.
import { t } from "../../core/i18n.js";
const NS = "http://www.w3.org/2000/svg";

function el(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

const DRAW = {
  tree: () => [
    el("rect", { x: -1.6, y: 3, width: 3.2, height: 5, fill: "#7a4a1e" }),
    el("path", { d: "M0 -8 L6.5 4 H-6.5 Z", fill: "#2a9d3f" }),
    el("path", { d: "M0 -9 L4.5 -1 H-4.5 Z", fill: "#38b44e" }),
  ],
  star: () => [el("path", {
    d: "M0 -8.5 L2.4 -2.9 L8.3 -2.6 L3.8 1.3 L5.2 7.2 L0 4 L-5.2 7.2 L-3.8 1.3 L-8.3 -2.6 L-2.4 -2.9 Z",
    fill: "#f2b705", stroke: "#a87a00", "stroke-width": 0.8, "stroke-linejoin": "round",
  })],
  moon: () => [el("path", { d: "M2.5 -7.8 A8 8 0 1 0 7.6 3.2 A6.3 6.3 0 1 1 2.5 -7.8 Z", fill: "#5b6a8a" })],
  sun: () => {
    const rays = [];
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      rays.push(el("line", { x1: (5.4 * Math.cos(a)).toFixed(2), y1: (5.4 * Math.sin(a)).toFixed(2),
        x2: (8.6 * Math.cos(a)).toFixed(2), y2: (8.6 * Math.sin(a)).toFixed(2),
        stroke: "#f58a07", "stroke-width": 1.8, "stroke-linecap": "round" }));
    }
    return [...rays, el("circle", { cx: 0, cy: 0, r: 4.4, fill: "#f7b32b" })];
  },
  rocket: () => [
    el("path", { d: "M-4.2 3.5 L-7 7.5 L-2.6 6 Z M4.2 3.5 L7 7.5 L2.6 6 Z", fill: "#d62828" }),
    el("path", { d: "M0 -9 C4.5 -5 4.6 0 3.3 6 H-3.3 C-4.6 0 -4.5 -5 0 -9 Z", fill: "#c5cbd6", stroke: "#4a5568", "stroke-width": 0.8 }),
    el("circle", { cx: 0, cy: -2, r: 1.8, fill: "#1d63c7" }),
    el("path", { d: "M-1.8 6.2 L0 9.2 L1.8 6.2 Z", fill: "#f58a07" }),
  ],
  snowflake: () => {
    const parts = [];
    for (let i = 0; i < 3; i++) {
      const a = (i * Math.PI) / 3 + Math.PI / 2;
      const dx = 8.2 * Math.cos(a), dy = 8.2 * Math.sin(a);
      parts.push(el("line", { x1: (-dx).toFixed(2), y1: (-dy).toFixed(2), x2: dx.toFixed(2), y2: dy.toFixed(2),
        stroke: "#2f8fd0", "stroke-width": 1.6, "stroke-linecap": "round" }));
    }
    parts.push(el("circle", { cx: 0, cy: 0, r: 1.6, fill: "#2f8fd0" }));
    return parts;
  },
};

export const PICTURE_LABEL = {
  tree: t("tree"), star: t("star"), moon: t("moon"), sun: t("sun"), rocket: t("rocket"), snowflake: t("snowflake"),
};

// A badge: white circle with the icon; `scale` enlarges it (the legend, the rules page draws its own).
export function pictureIcon(name, x, y, scale = 1) {
  const g = el("g", { class: `pic pic-${name}`, transform: `translate(${x} ${y}) scale(${scale})` });
  g.append(el("circle", { cx: 0, cy: 0, r: 11, class: "pic-badge" }));
  for (const part of (DRAW[name] || (() => []))()) g.append(part);
  return g;
}

// The same icon as a small standalone <svg> (legends and text beside the board).
export function pictureSvg(name, size = 22) {
  const svg = el("svg", { viewBox: "-12 -12 24 24", width: size, height: size, "aria-hidden": "true", class: "pic-svg" });
  svg.append(pictureIcon(name, 0, 0));
  return svg;
}

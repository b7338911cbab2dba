// The least of a browser that the client's modules need to load and run under Node: a document that
// makes elements and text nodes, window events, animation frames run on demand, `location`. Importing this
// module installs it on globalThis; import it before the module under test (ES modules evaluate their
// imports in order). No layout, no CSS, no parser: elements keep their attributes, children and listeners,
// which is what the tests read back.

export class Node {
  constructor() { this.parentNode = null; }
  remove() {
    if (!this.parentNode) return;
    const kids = this.parentNode.childNodes;
    kids.splice(kids.indexOf(this), 1);
    this.parentNode = null;
  }
  get isConnected() {
    let n = this;
    while (n.parentNode) n = n.parentNode;
    return n === document.body;
  }
}

export class Text extends Node {
  constructor(text) { super(); this.data = String(text); }
  get textContent() { return this.data; }
  set textContent(v) { this.data = String(v); }
}

class Events {
  constructor() { this.listeners = new Map(); }
  addEventListener(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(fn);
  }
  removeEventListener(type, fn) {
    const list = this.listeners.get(type) || [];
    if (list.includes(fn)) list.splice(list.indexOf(fn), 1);
  }
  // Not the DOM's dispatchEvent: calls the listeners of `type` with a plain event object.
  fire(type, ev = {}) {
    for (const fn of [...(this.listeners.get(type) || [])]) fn({ type, target: this, preventDefault() {}, ...ev });
  }
}

function classes(el) {
  const list = () => (el.getAttribute("class") || "").split(/\s+/).filter(Boolean);
  const write = (names) => el.setAttribute("class", names.join(" "));
  return {
    contains: (name) => list().includes(name),
    add: (...names) => write([...new Set([...list(), ...names])]),
    remove: (...names) => write(list().filter((n) => !names.includes(n))),
    toggle(name, force) {
      const on = force === undefined ? !list().includes(name) : !!force;
      if (on) this.add(name); else this.remove(name);
      return on;
    },
  };
}

export class Element extends Node {
  constructor(tag, namespace = null) {
    super();
    this.namespaceURI = namespace;
    this.tagName = namespace ? tag : tag.toUpperCase();
    this.attributes = new Map();
    this.childNodes = [];
    this.dataset = {};
    this.style = { setProperty(name, value) { this[name] = String(value); }, removeProperty(name) { delete this[name]; } };
    this.events = new Events();
    this.classList = classes(this);
  }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }
  get id() { return this.getAttribute("id") || ""; }
  set id(v) { this.setAttribute("id", v); }
  get className() { return this.getAttribute("class") || ""; }
  set className(v) { this.setAttribute("class", v); }
  get children() { return this.childNodes.filter((n) => n instanceof Element); }
  append(...nodes) {
    for (const node of nodes) {
      const child = node instanceof Node ? node : new Text(node);
      child.remove();
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }
  replaceChildren(...nodes) {
    for (const child of [...this.childNodes]) child.remove();
    this.append(...nodes);
  }
  get textContent() { return this.childNodes.map((n) => n.textContent).join(""); }
  set textContent(v) { this.replaceChildren(new Text(v)); }
  addEventListener(type, fn) { this.events.addEventListener(type, fn); }
  removeEventListener(type, fn) { this.events.removeEventListener(type, fn); }
  fire(type, ev) { this.events.fire(type, ev); }
  getBoundingClientRect() { return { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 }; }
  closest() { return null; }
  focus() {}
  select() {}
  // Every element below this one, depth first, in document order.
  *descendants() {
    for (const child of this.children) { yield child; yield* child.descendants(); }
  }
  // Selectors of the forms "tag", ".class", "tag.class" and "[attribute]", which is all the tests ask.
  querySelectorAll(selector) {
    const m = /^([\w-]*)(?:\.([\w-]+))?(?:\[([\w-]+)\])?$/.exec(selector.trim());
    if (!m) return [];
    const [, tag, cls, attr] = m;
    return [...this.descendants()].filter((el) => (!tag || el.tagName.toLowerCase() === tag.toLowerCase())
      && (!cls || el.classList.contains(cls)) && (!attr || el.hasAttribute(attr)));
  }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}

// Animation frames run when the test says so (flushFrames), so "one render per frame" can be counted.
let frames = [];
let nextFrame = 1;
export function flushFrames() {
  const due = frames;
  frames = [];
  for (const { fn } of due) fn(0);
  return due.length;
}
export const pendingFrames = () => frames.length;

const windowEvents = new Events();
const documentEvents = new Events();
const body = new Element("body");

export const document = {
  hidden: false,
  body,
  activeElement: null,
  createElement: (tag) => new Element(tag),
  createElementNS: (namespace, tag) => new Element(tag, namespace),
  createTextNode: (text) => new Text(text),
  getElementById: (id) => [...body.descendants()].find((el) => el.id === id) || null,
  querySelectorAll: (selector) => body.querySelectorAll(selector),
  addEventListener: (type, fn) => documentEvents.addEventListener(type, fn),
  removeEventListener: (type, fn) => documentEvents.removeEventListener(type, fn),
  fire: (type, ev) => documentEvents.fire(type, ev),
  execCommand: () => false,
};

Object.assign(globalThis, {
  Node, Element, Text, document,
  window: globalThis,
  location: { protocol: "http:", host: "table.test", href: "http://table.test/" },
  innerHeight: 800,
  innerWidth: 1000,
  addEventListener: (type, fn) => windowEvents.addEventListener(type, fn),
  removeEventListener: (type, fn) => windowEvents.removeEventListener(type, fn),
  requestAnimationFrame(fn) { const id = nextFrame++; frames.push({ id, fn }); return id; },
  cancelAnimationFrame(id) { frames = frames.filter((f) => f.id !== id); },
});

// Fire a window event ("online", "resize") at the listeners the modules registered.
export const fireWindow = (type, ev) => windowEvents.fire(type, ev);

/**
 * XML to JSON: elements become objects with "@name" for attributes,
 * "#text" for text beside other content, and arrays for repeated children;
 * an element with only text becomes its string. Values stay strings exactly
 * as written ("007" stays "007"). Objects have no prototype, so keys such as
 * __proto__ or constructor are plain data.
 */
import type { XmlElement } from './xml-read';

type Json = string | JsonObject | Json[];
interface JsonObject {
  [key: string]: Json;
}

function set(target: JsonObject, key: string, value: Json): void {
  // defineProperty creates an own property even for "__proto__", never touching a prototype.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function elementToJson(element: XmlElement): Json {
  if (element.attributes.length === 0 && element.children.length === 0) return element.text;
  const out = Object.create(null) as JsonObject;
  for (const [name, value] of element.attributes) set(out, `@${name}`, value);
  const groups = new Map<string, XmlElement[]>();
  for (const child of element.children) {
    const group = groups.get(child.name);
    if (group) group.push(child);
    else groups.set(child.name, [child]);
  }
  for (const [name, group] of groups) set(out, name, group.length === 1 ? elementToJson(group[0]) : group.map(elementToJson));
  if (element.text !== '') set(out, '#text', element.text);
  return out;
}

/** The whole document as indented JSON, the root element as the only key. */
export function xmlToJsonText(root: XmlElement): string {
  const doc = Object.create(null) as JsonObject;
  set(doc, root.name, elementToJson(root));
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/**
 * Optional content (layers): which groups a reader hides when it opens the
 * file, and whether a piece of content tagged with a group or a membership
 * dictionary is hidden then. A hidden layer is easy to miss on screen yet its
 * content is all in the file, so Remove Hidden Information takes it out.
 */
import { PDFArray, PDFDict, PDFName, type PDFDocument, type PDFObject } from 'pdf-lib';
import { arrayOf, dictOf, lookup, pdfNames } from './objects';

const N = pdfNames(
  'AllOff', 'AllOn', 'And', 'AnyOff', 'AnyOn', 'AS', 'BaseState', 'Configs', 'D', 'Locked', 'Not', 'OC', 'OCGs', 'OCMD', 'OCProperties', 'OFF', 'ON', 'Or', 'Order', 'P', 'Properties', 'RBGroups', 'Type', 'VE', 'OCG',
);

/** Visibility expressions nested deeper than this are taken as visible (real files nest two or three). */
const MAX_EXPRESSION_DEPTH = 32;

export interface OptionalContent {
  /** The groups that are off in the default configuration. */
  hiddenGroups: Set<PDFDict>;
  /** True when content tagged with this group or membership dictionary is not shown when the file opens. */
  isHidden(value: PDFObject | undefined): boolean;
}

/** The document's /OCProperties, or undefined. */
export function ocProperties(doc: PDFDocument): PDFDict | undefined {
  return dictOf(doc, doc.catalog.get(N.OCProperties));
}

function groupsIn(doc: PDFDocument, value: PDFObject | undefined): PDFDict[] {
  const single = dictOf(doc, value);
  if (single) return [single];
  return (arrayOf(doc, value)?.asArray() ?? []).map((item) => dictOf(doc, item)).filter((d): d is PDFDict => !!d);
}

/** The optional content of the document as its default configuration shows it; undefined when it has none. */
export function readOptionalContent(doc: PDFDocument): OptionalContent | undefined {
  const properties = ocProperties(doc);
  if (!properties) return undefined;
  const all = groupsIn(doc, properties.get(N.OCGs));
  const config = dictOf(doc, properties.get(N.D));
  const on = new Set(groupsIn(doc, config?.get(N.ON)));
  const off = new Set(groupsIn(doc, config?.get(N.OFF)));
  const hiddenGroups = new Set<PDFDict>();
  if (lookup(doc, config?.get(N.BaseState)) === N.OFF) {
    for (const group of all) if (!on.has(group)) hiddenGroups.add(group);
  } else {
    for (const group of off) hiddenGroups.add(group);
  }

  const groupVisible = (group: PDFDict) => !hiddenGroups.has(group);
  const expressionVisible = (value: PDFObject | undefined, depth: number): boolean => {
    const object = lookup(doc, value);
    if (object instanceof PDFDict) return groupVisible(object);
    if (!(object instanceof PDFArray) || depth > MAX_EXPRESSION_DEPTH || object.size() === 0) return true;
    const operator = lookup(doc, object.get(0));
    const operands = object.asArray().slice(1);
    if (operator === N.Not) return !expressionVisible(operands[0], depth + 1);
    if (operator === N.And) return operands.every((item) => expressionVisible(item, depth + 1));
    if (operator === N.Or) return operands.some((item) => expressionVisible(item, depth + 1));
    return true;
  };
  const isHidden = (value: PDFObject | undefined): boolean => {
    const dict = dictOf(doc, value);
    if (!dict) return false;
    if (dict.get(N.Type) !== N.OCMD) return hiddenGroups.has(dict);
    if (dict.get(N.VE) !== undefined) return !expressionVisible(dict.get(N.VE), 0);
    const groups = groupsIn(doc, dict.get(N.OCGs));
    // A membership dictionary naming no group leaves its content visible.
    if (groups.length === 0) return false;
    const policy = lookup(doc, dict.get(N.P));
    const visible = groups.map(groupVisible);
    if (policy === N.AllOn) return !visible.every(Boolean);
    if (policy === N.AnyOff) return !visible.some((v) => !v);
    if (policy === N.AllOff) return !visible.every((v) => !v);
    return !visible.some(Boolean);
  };
  return { hiddenGroups, isHidden };
}

/** True for a group or a membership dictionary. */
export function isOptionalContentDict(doc: PDFDocument, value: PDFObject | undefined): boolean {
  const dict = dictOf(doc, value);
  const type = dict?.get(N.Type);
  return type === N.OCG || type === N.OCMD;
}

/** The groups a group or membership dictionary turns on and off: itself, or those its /OCGs and /VE name. */
export function groupsOf(doc: PDFDocument, value: PDFObject | undefined): PDFDict[] {
  const dict = dictOf(doc, value);
  if (!dict) return [];
  if (dict.get(N.Type) !== N.OCMD) return [dict];
  const found = groupsIn(doc, dict.get(N.OCGs));
  const visit = (item: PDFObject | undefined, depth: number) => {
    const object = lookup(doc, item);
    if (object instanceof PDFDict) found.push(object);
    else if (object instanceof PDFArray && depth <= MAX_EXPRESSION_DEPTH) for (const part of object.asArray().slice(1)) visit(part, depth + 1);
  };
  visit(dict.get(N.VE), 0);
  return found;
}

/** Removes `groups` from an array of groups (or from nested arrays, as in /Order), recursively. */
function dropFromArray(doc: PDFDocument, array: PDFArray | undefined, groups: Set<PDFDict>, depth = 0): void {
  if (!array || depth > MAX_EXPRESSION_DEPTH) return;
  for (let i = array.size() - 1; i >= 0; i--) {
    const item = lookup(doc, array.get(i));
    if (item instanceof PDFDict && groups.has(item)) array.remove(i);
    else if (item instanceof PDFArray) dropFromArray(doc, item, groups, depth + 1);
  }
}

/**
 * Takes `groups` out of /OCProperties: the list of groups and every
 * configuration (default and alternates) that names them, so their names,
 * which a layers panel shows, leave the file with their content.
 */
export function dropGroups(doc: PDFDocument, groups: Set<PDFDict>): void {
  const properties = ocProperties(doc);
  if (!properties || groups.size === 0) return;
  dropFromArray(doc, arrayOf(doc, properties.get(N.OCGs)), groups);
  const configs = [dictOf(doc, properties.get(N.D)), ...(arrayOf(doc, properties.get(N.Configs))?.asArray() ?? []).map((c) => dictOf(doc, c))];
  for (const config of configs) {
    if (!config) continue;
    for (const key of [N.ON, N.OFF, N.Order, N.RBGroups, N.Locked]) dropFromArray(doc, arrayOf(doc, config.get(key)), groups);
    // Usage application entries list the groups they apply to under /OCGs.
    for (const usage of arrayOf(doc, config.get(N.AS))?.asArray() ?? []) dropFromArray(doc, arrayOf(doc, dictOf(doc, usage)?.get(N.OCGs)), groups);
  }
}

/**
 * The groups content still refers to, through an object's /OC or a resource
 * dictionary's /Properties; undefined when nothing refers to optional content
 * any more.
 */
export function groupsInUse(doc: PDFDocument, dicts: readonly PDFDict[]): Set<PDFDict> | undefined {
  let used: Set<PDFDict> | undefined;
  const add = (value: PDFObject | undefined) => {
    if (!isOptionalContentDict(doc, value)) return;
    used ??= new Set();
    for (const group of groupsOf(doc, value)) used.add(group);
  };
  for (const dict of dicts) {
    add(dict.get(N.OC));
    for (const value of dictOf(doc, dict.get(N.Properties))?.values() ?? []) add(value);
  }
  return used;
}

/** Removes the layer list and settings. */
export function dropOptionalContent(doc: PDFDocument): void {
  doc.catalog.delete(N.OCProperties);
}

export const OC_KEY: PDFName = N.OC;

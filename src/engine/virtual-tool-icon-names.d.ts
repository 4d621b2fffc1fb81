declare module 'virtual:tool-icon-names' {
  /** The lucide icon names the manifests and workflows use: the symbols of /tool-icons.svg. */
  export const TOOL_ICON_NAMES: readonly string[];
}

declare module 'virtual:chain-tools' {
  import type { ChainTool } from './chain-tools';
  /** The listed tools a chain may use, in manifest file order. */
  export const chainTools: ChainTool[];
}

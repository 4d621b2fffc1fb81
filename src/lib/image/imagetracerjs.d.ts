/** imagetracerjs ships no types; src/lib/image/trace.ts declares the part it uses. */
declare module 'imagetracerjs';

/** An SVG file imported as its text (Vite's `?raw`). */
declare module '*.svg?raw' {
  const text: string;
  export default text;
}

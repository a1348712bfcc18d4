/** True when the page runs inside a frame (or a cross-origin parent hides `top`, which means the same). */
export function isInFrame(win: Window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

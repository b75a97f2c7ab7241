// What Chromium's display compositor keeps of a page's frames between them. It draws the page into a buffer that
// grows to fit a larger frame and is kept for every smaller frame after (viz keeps a render pass's buffer while
// it is at least as wide and as high as the pass), and each capture then allocates and fills a copy of the kept
// buffer's size (in `strace`, a 14 MiB mapping a frame for a world PNG after Norway's). So after one tall map
// (Norway at 1200 px is 1200 × 2111), each world PNG (1200 × 652) took about 1,600 more page faults in the browser
// process and 2 to 6 ms more CPU, for as long as the page lived. Clearing the page's size override lets the buffer
// go, but costs about a frame's work itself (7 ms of CPU when done before every frame), so a page lets it go only
// once keeping it has cost about as much: when the buffer has drawn RELEASE_PIXELS more than the frames needed. A
// buffer over IDLE_KEPT_PIXELS is not kept waiting for that: once the page falls idle it draws a tiny frame, and the
// four 8000² PNGs that held 600 MiB more than at idle for as long as no other map came hold 200 within 6 s.

/** About what letting the buffer go costs, at 1.5 to 3.5 ms of CPU a million wasted pixels: after a map of
 *  Norway, two world maps; after one at twice the density (2400 × 1304), two too. */
export const RELEASE_PIXELS = 3_000_000;
/** A buffer larger than this is let go once the page falls idle, whatever the frames to come: an 8000² PNG's holds
 *  256 MB in the browser process (and its tiles as much in the renderer), for as long as no smaller frame comes to
 *  let it go. About four world maps of 2400 px. */
export const IDLE_KEPT_PIXELS = 16_000_000;

type Size = { width: number; height: number };

export class FrameBuffer {
  private kept: Size = { width: 0, height: 0 };
  /** pixels the kept buffer has had beyond its frames' own, since it was made */
  private wasted = 0;

  /** A frame of `size` is drawn next: whether the page should let the buffer go first, so that this frame makes
   *  one of its own size. Called once for each frame, in their order. */
  releaseBefore(size: Size): boolean {
    const grows = size.width > this.kept.width || size.height > this.kept.height;
    if (!grows) this.wasted += this.kept.width * this.kept.height - size.width * size.height;
    const release = !grows && this.wasted >= RELEASE_PIXELS;
    if (grows || release) {
      // this frame's buffer is made at its size
      this.kept = size;
      this.wasted = 0;
    }
    return release;
  }

  /** The page falls idle: whether to let the buffer go now, as too large to keep waiting for the next frame. */
  releaseWhenIdle(): boolean {
    if (this.kept.width * this.kept.height <= IDLE_KEPT_PIXELS) return false;
    this.kept = { width: 0, height: 0 };
    this.wasted = 0;
    return true;
  }
}

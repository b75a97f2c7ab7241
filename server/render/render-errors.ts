// The renderers' domain errors. Renderers and their admission throw these, never HTTP errors; errors.ts turns
// them into statuses and tells the operator what to raise.

/** Why a render was refused before it started. */
export type Refusal =
  /** every place in line is taken */
  | 'queue-full'
  /** the client holds its share of the places in line (admission.ts) */
  | 'over-share'
  /** the service is shutting down */
  | 'draining';

const REFUSALS: Record<Refusal, string> = {
  'queue-full': 'too many maps are waiting to be rendered; retry shortly',
  'over-share': 'you have as many maps waiting to be rendered as one client may, while others wait too; retry shortly',
  draining: 'the service is shutting down',
};

/** A render refused before it started. */
export class RenderRefused extends Error {
  constructor(
    readonly reason: Refusal,
    readonly renderer: string,
  ) {
    super(REFUSALS[reason]);
  }
}

/** A render past its deadline, waiting included. */
export class RenderTimedOut extends Error {
  constructor(
    readonly deadlineMs: number,
    readonly renderer: string,
  ) {
    super(`the render took longer than ${deadlineMs} ms`);
  }
}

/** A render that failed: the renderer threw, or the browser under it stopped. */
export class RenderFailed extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
  }
}

/** A raster or PDF with more device pixels than the service draws (MAX_PIXELS): known before rendering when the
 *  request gives the height, else once the map is laid out, before its pixels are made. */
export class TooManyPixels extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
    readonly scale: number,
    readonly maxPixels: number,
  ) {
    const pixels = Math.round(width * scale) * Math.round(height * scale);
    super(
      `a ${width} × ${height} px map${scale === 1 ? '' : ` at scale ${scale}`} is ${pixels.toLocaleString('en')} ` +
        `device pixels, over the ${maxPixels.toLocaleString('en')} this service draws; reduce ` +
        (scale > 1 ? 'scale, width or height' : 'width or height'),
    );
  }
}

/** What a renderer threw, as a domain error: anything but these is a failed render. */
export function renderError(error: unknown): RenderRefused | RenderTimedOut | RenderFailed | TooManyPixels {
  if (
    error instanceof RenderRefused ||
    error instanceof RenderTimedOut ||
    error instanceof RenderFailed ||
    error instanceof TooManyPixels
  )
    return error;
  return new RenderFailed('the map could not be rendered', { cause: error });
}

// The gallery: the test fixtures (renderer-page/preview/gallery-maps.json, bundled), each a button that loads it into
// the editor, with a small thumbnail from the real endpoints. Thumbnails load when scrolled into view, two
// at a time, so opening the page does not fill the service's render queue, and only once the service has answered
// the page without asking for a key: else each would be a picture of its refusal. A GET
// thumbnail is signed with the key held, as an <img> cannot send it.
import { signedWithHeldKey } from './access-key.ts';
import { fixtures, type Fixture } from './gallery-maps.ts';
import { renderPost } from './api.ts';
import { setParam } from './query-string.ts';

const THUMB_WIDTH = 240;
const PARALLEL = 2;

/** Loads thumbnails with at most PARALLEL requests in flight. */
function thumbnailQueue() {
  const waiting: Array<() => Promise<void>> = [];
  let running = 0;
  const pump = () => {
    while (running < PARALLEL && waiting.length) {
      const job = waiting.shift()!;
      running++;
      job().finally(() => {
        running--;
        pump();
      });
    }
  };
  return (job: () => Promise<void>) => {
    waiting.push(job);
    pump();
  };
}

const loaded = (img: HTMLImageElement) =>
  new Promise<void>((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });

function loadThumbnail(fixture: Fixture, img: HTMLImageElement): () => Promise<void> {
  return async () => {
    if (fixture.query !== undefined) {
      const path = `/map.svg?${setParam(setParam(setParam(fixture.query, 'width', String(THUMB_WIDTH)), 'height', null), 'format', null)}`;
      const signed = await signedWithHeldKey(path);
      const done = loaded(img);
      img.src = signed;
      return done;
    }
    if (!fixture.body) return;
    const outcome = await renderPost({ body: { ...fixture.body, width: THUMB_WIDTH, height: null } }, 'svg');
    if (!outcome.ok) {
      img.alt = `thumbnail failed: ${outcome.problem.message}`;
      return;
    }
    const done = loaded(img);
    img.src = URL.createObjectURL(outcome.value);
    return done;
  };
}

/** Fills `list` with one button per fixture; `onPick` is called with the fixture clicked. Thumbnails load once
 *  `admitted` resolves (the service answered the page without asking for a key). */
export function renderGallery(list: HTMLElement, onPick: (fixture: Fixture) => void, admitted: Promise<void>): void {
  const enqueue = thumbnailQueue();
  const jobs = new Map<Element, () => Promise<void>>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const job = jobs.get(entry.target);
        if (!entry.isIntersecting || !job) continue;
        jobs.delete(entry.target);
        observer.unobserve(entry.target);
        void admitted.then(() => enqueue(job));
      }
    },
    { rootMargin: '200px' },
  );

  for (const fixture of fixtures) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'fixture';
    button.dataset.id = fixture.id;
    button.title = fixture.query
      ? `/map.svg?${fixture.query}`
      : 'POST /render/map with the JSON body from renderer-page/preview/gallery-maps.json';

    const thumb = document.createElement('span');
    thumb.className = 'thumb';
    const img = document.createElement('img');
    img.alt = '';
    img.width = THUMB_WIDTH;
    thumb.append(img);

    const title = document.createElement('span');
    title.className = 'fixture-title';
    title.textContent = fixture.title;
    const badge = document.createElement('span');
    badge.className = `badge ${fixture.query ? 'get' : 'post'}`;
    badge.textContent = fixture.query ? 'GET' : 'POST';
    title.append(' ', badge);

    button.append(thumb, title);
    button.addEventListener('click', () => {
      for (const other of list.querySelectorAll('[aria-current]')) other.removeAttribute('aria-current');
      button.setAttribute('aria-current', 'true');
      onPick(fixture);
    });
    item.append(button);
    list.append(item);
    jobs.set(thumb, loadThumbnail(fixture, img));
    observer.observe(thumb);
  }
}

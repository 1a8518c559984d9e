import { type DragEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ITEM_PHOTO_LIMITS } from '@gavel/domain';
import { consoleApi } from '../session';
import { useAction } from '../../ui/action';
import { photosChanged, type PhotosAnswer } from './queries';

interface Props {
  eventcode: string;
  itemnum: string;
  name: string;
  photos: Array<{ url: string; position: number }>;
  imageurl: string;
}

const megabytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** Files the server would refuse for their size or kind, said before they are sent (the server checks them again). */
function fileProblem(files: File[], room: number): string {
  if (files.length === 0) return 'Choose one or more images.';
  if (files.length > room) return `This item can take ${room} more photo${room === 1 ? '' : 's'}.`;
  if (files.length > ITEM_PHOTO_LIMITS.perRequest)
    return `Add at most ${ITEM_PHOTO_LIMITS.perRequest} photos at a time.`;
  const big = files.find((f) => f.size > ITEM_PHOTO_LIMITS.fileBytes);
  if (big) return `${big.name} is larger than ${megabytes(ITEM_PHOTO_LIMITS.fileBytes)}; choose a smaller one.`;
  const other = files.find((f) => f.type !== '' && !f.type.startsWith('image/'));
  if (other) return `${other.name} is not an image.`;
  return '';
}

/**
 * An item's photos: drop files or choose them (several at once; on a phone the camera is offered),
 * thumbnails in order, each moved earlier or later, removed, or put on the item's card.
 */
export function PhotoSection({ eventcode, itemnum, name, photos, imageurl }: Props) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState('');
  const [said, setSaid] = useState('');
  const params = { eventcode, itemnum };
  const done = (answer: PhotosAnswer, sentence: string) => {
    photosChanged(client, eventcode, itemnum, answer);
    setSaid(sentence);
  };
  const upload = useAction(
    (files: File[]) => {
      const body = new FormData();
      for (const f of files) body.append('file', f, f.name);
      return consoleApi('POST /console/events/:eventcode/items/:itemnum/photos', undefined, {
        params,
        raw: { contentType: 'multipart/form-data', body },
      });
    },
    (answer) => done(answer, 'Photos added.'),
  );
  const arrange = useAction(
    (next: { photos: string[]; imageurl: string; said: string }) =>
      consoleApi(
        'PUT /console/events/:eventcode/items/:itemnum/photos',
        { photos: next.photos, imageurl: next.imageurl },
        { params },
      ).then((answer) => ({ answer, said: next.said })),
    ({ answer, said: sentence }) => done(answer, sentence),
  );
  const urls = photos.map((p) => p.url);
  const send = (files: File[]) => {
    setSaid('');
    const problem = fileProblem(files, ITEM_PHOTO_LIMITS.perItem - photos.length);
    setRefused(problem);
    if (!problem) upload.run(files);
    if (input.current) input.current.value = '';
  };
  const move = (from: number, to: number) => {
    const next = [...urls];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    arrange.run({ photos: next, imageurl, said: `Photo ${from + 1} is now photo ${to + 1}.` });
  };
  const remove = (i: number) => {
    const next = urls.filter((_, j) => j !== i);
    const card = urls[i] === imageurl ? (next[0] ?? '') : imageurl;
    arrange.run({ photos: next, imageurl: card, said: `Photo ${i + 1} removed.` });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    send(Array.from(e.dataTransfer.files));
  };
  const busy = upload.busy || arrange.busy;
  const problem = refused || upload.error || arrange.error;
  return (
    <section className="items-photos" aria-labelledby="photos-heading" data-testid="photo-section">
      <h2 id="photos-heading">Photos</h2>
      <div
        className={`items-dropzone${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="photo-dropzone"
      >
        <p>Drop photos here, or</p>
        <label className="console-button secondary items-choose">
          Choose photos
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            className="items-file-input"
            onChange={(e) => send(Array.from(e.target.files ?? []))}
            disabled={busy}
            data-testid="photo-input"
          />
        </label>
        <p className="console-hint">
          JPEG, PNG, WebP or GIF, up to {megabytes(ITEM_PHOTO_LIMITS.fileBytes)} each; at most{' '}
          {ITEM_PHOTO_LIMITS.perItem} photos. On a phone you may take them with the camera.
        </p>
      </div>
      <p className="items-photo-status" role="status" aria-live="polite" data-testid="photo-status">
        {upload.busy ? 'Uploading…' : arrange.busy ? 'Saving…' : said}
      </p>
      {problem && (
        <p className="console-error" role="alert" data-testid="photo-error">
          {problem}
        </p>
      )}
      {photos.length === 0 ? (
        <p className="console-notice">No photos yet. Bidders see the item without a picture.</p>
      ) : (
        <ol className="items-photo-list" data-testid="photo-list">
          {urls.map((url, i) => {
            const card = url === imageurl;
            const n = `photo ${i + 1}`;
            return (
              <li key={url} className={card ? 'card' : undefined} data-testid="photo">
                <img src={url} alt={`${name}, photo ${i + 1} of ${urls.length}`} />
                {card && <span className="items-card-badge">Card image</span>}
                <div className="items-photo-actions">
                  <button
                    type="button"
                    className="console-button secondary"
                    onClick={() => move(i, i - 1)}
                    disabled={busy || i === 0}
                    aria-label={`Move ${n} earlier`}
                    data-testid="photo-earlier"
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="console-button secondary"
                    onClick={() => move(i, i + 1)}
                    disabled={busy || i === urls.length - 1}
                    aria-label={`Move ${n} later`}
                    data-testid="photo-later"
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="console-button secondary"
                    onClick={() => arrange.run({ photos: urls, imageurl: url, said: `Photo ${i + 1} is on the card.` })}
                    disabled={busy || card}
                    aria-label={`Use ${n} as the card image`}
                    data-testid="photo-card"
                  >
                    Card
                  </button>
                  <button
                    type="button"
                    className="console-button danger"
                    onClick={() => remove(i)}
                    disabled={busy}
                    aria-label={`Remove ${n}`}
                    data-testid="photo-remove"
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import './qr-scanner.css';

/**
 * A QR scanner for the night's desks (check-in, checkout, pickup): the device's camera, decoded by
 * jsQR (loaded with the camera, so a page that never scans never fetches it), and always a box to
 * type the code in, which is also where a venue's keyboard scanner types it (followed by Enter).
 * `onCode` gets the text of the first code read, or of the box when sent.
 */
export interface QrScannerProps {
  onCode: (text: string) => void;
  /** What to scan, said to the person holding it: "Scan the bidder's check-in code". */
  label: string;
}

type CameraState = 'starting' | 'scanning' | 'unavailable' | 'denied';

const CAMERA_WORDS: Record<CameraState, string> = {
  starting: 'Starting the camera…',
  scanning: 'Hold the code inside the frame.',
  unavailable: 'No camera here: type or scan the code into the box.',
  denied: 'The camera is not allowed: type the code into the box, or allow the camera in the browser.',
};

/** The widest frame decoded: a phone's camera gives far more than a QR code needs, and decoding costs by the pixel. */
const DECODE_WIDTH = 640;

type Decoder = (data: Uint8ClampedArray, width: number, height: number) => string | null;

async function loadDecoder(): Promise<Decoder> {
  const { default: jsQR } = await import('jsqr');
  return (data, width, height) => jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** Reads the camera until a code is seen; the stream stops when the scanner closes or a code is read. */
function useCamera(video: RefObject<HTMLVideoElement | null>, onCode: (text: string) => void): CameraState {
  const [state, setState] = useState<CameraState>('starting');
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
      try {
        const [media, decode] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          loadDecoder(),
        ]);
        stream = media;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        setState('scanning');
        const g = canvas.getContext('2d', { willReadFrequently: true });
        const tick = () => {
          if (stopped) return;
          const v = video.current;
          if (g && v && v.videoWidth > 0) {
            const scale = Math.min(1, DECODE_WIDTH / v.videoWidth);
            canvas.width = Math.round(v.videoWidth * scale);
            canvas.height = Math.round(v.videoHeight * scale);
            g.drawImage(v, 0, 0, canvas.width, canvas.height);
            const text = decode(g.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
            if (text) {
              stop();
              found.current(text);
              return;
            }
          }
          frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      } catch (err) {
        stop();
        const name = err instanceof DOMException ? err.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      }
    };
    void start();
    return stop;
  }, [video]);
  return state;
}

export function QrScanner({ onCode, label }: QrScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const state = useCamera(video, onCode);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const typedRef = useRef<HTMLInputElement>(null);
  // Without a camera the box is the scanner: ready for the next keystrokes (a keyboard scanner's).
  useEffect(() => {
    if (state === 'unavailable' || state === 'denied') typedRef.current?.focus();
  }, [state]);
  return (
    <section className="qr-scanner" aria-label={label} data-testid="qr-scanner">
      <p className="qr-scanner-label">{label}</p>
      <div className={`qr-scanner-view ${state}`}>
        <video ref={video} muted playsInline aria-hidden="true" data-testid="qr-scanner-video" />
        {state === 'scanning' && <span className="qr-scanner-aim" aria-hidden="true" />}
      </div>
      <p className="qr-scanner-state" role="status" data-testid="qr-scanner-state">
        {CAMERA_WORDS[state]}
      </p>
      <form
        className="qr-scanner-typed"
        onSubmit={(e) => {
          e.preventDefault();
          const text = typed.trim();
          if (text === '') return;
          setTyped('');
          onCode(text);
        }}
      >
        <label htmlFor={inputId}>{state === 'scanning' ? 'Or type the code' : 'Type the code'}</label>
        <div className="qr-scanner-typed-row">
          <input
            id={inputId}
            ref={typedRef}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            data-testid="qr-scanner-typed"
          />
          <button type="submit" className="console-button" data-testid="qr-scanner-use">
            Use code
          </button>
        </div>
      </form>
    </section>
  );
}

import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Only the parts the reports draw: chart.js leaves out what is not registered, and only the
// reports' pages import this file, so the console's other pages never load it.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

const BRAND = '#4b1f73';

export interface ChartProps {
  kind: 'bar' | 'line';
  labels: string[];
  values: number[];
  /** What the chart shows, for screen readers (the table beside it has the figures). */
  label: string;
  /** How a value reads on the axis and in the tooltip. */
  format: (value: number) => string;
  testId: string;
}

/** A chart of one series: a horizontal bar per label, or a line across them. Redrawn whole when its data change. */
export function ReportChart({ kind, labels, values, label, format, testId }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const config: ChartConfiguration<'bar' | 'line', number[], string> = {
      type: kind,
      data: {
        labels,
        datasets: [
          {
            label,
            data: values,
            backgroundColor: BRAND,
            borderColor: BRAND,
            pointRadius: kind === 'line' && values.length > 60 ? 0 : 2,
          },
        ],
      },
      options: {
        indexAxis: kind === 'bar' ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        // A printout draws the chart as it is; no animation to catch half-way.
        animation: false,
        plugins: { tooltip: { callbacks: { label: (c) => format(Number(c.raw)) } } },
        scales: {
          // Whole numbers only: no tick at half a bid.
          [kind === 'bar' ? 'x' : 'y']: {
            beginAtZero: true,
            ticks: { precision: 0, callback: (v: string | number) => format(Number(v)) },
          },
          ...(kind === 'line' ? { x: { ticks: { maxTicksLimit: 8, autoSkip: true } } } : {}),
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [kind, labels, values, label, format]);
  return (
    <div className={`reports-chart ${kind}`} data-testid={testId}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

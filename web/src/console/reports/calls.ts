import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../ui/download';
import { consoleApi } from '../session';

/** The reports, one tab (and one address) each: its path under reports/, its call, and its CSV's name. */
export const REPORTS = [
  { id: 'summary', label: 'Summary' },
  { id: 'items', label: 'Items' },
  { id: 'unpaid', label: 'Unpaid' },
  { id: 'payments', label: 'Payments' },
  { id: 'pickups', label: 'Pickups' },
  { id: 'bids-over-time', label: 'Bids over time' },
] as const;
export type ReportId = (typeof REPORTS)[number]['id'];

const reportKey = (eventcode: string, report: ReportId, ...rest: unknown[]) => [
  'console',
  'reports',
  eventcode,
  report,
  ...rest,
];

export const useSummary = (eventcode: string) =>
  useQuery({
    queryKey: reportKey(eventcode, 'summary'),
    queryFn: () => consoleApi('GET /console/events/:eventcode/reports/summary', undefined, { params: { eventcode } }),
  });

/** The items report, of one location ('' = items without one) or every location (undefined). */
export function useItemsReport(eventcode: string, location: string | undefined) {
  return useQuery({
    queryKey: reportKey(eventcode, 'items', location ?? null),
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/reports/items', undefined, {
        params: { eventcode },
        query: location === undefined ? {} : { location },
      }),
    placeholderData: keepPreviousData,
  });
}

export const useUnpaid = (eventcode: string) =>
  useQuery({
    queryKey: reportKey(eventcode, 'unpaid'),
    queryFn: () => consoleApi('GET /console/events/:eventcode/reports/unpaid', undefined, { params: { eventcode } }),
  });

export const usePaymentsReport = (eventcode: string) =>
  useQuery({
    queryKey: reportKey(eventcode, 'payments'),
    queryFn: () => consoleApi('GET /console/events/:eventcode/reports/payments', undefined, { params: { eventcode } }),
  });

export const usePickupsReport = (eventcode: string) =>
  useQuery({
    queryKey: reportKey(eventcode, 'pickups'),
    queryFn: () => consoleApi('GET /console/events/:eventcode/reports/pickups', undefined, { params: { eventcode } }),
  });

export const useBidsOverTime = (eventcode: string) =>
  useQuery({
    queryKey: reportKey(eventcode, 'bids-over-time'),
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/reports/bids-over-time', undefined, { params: { eventcode } }),
  });

/** Saves a report's CSV, named as the server names it (the event and the report), through the console's one file download. */
export function downloadCsv(eventcode: string, report: ReportId, query: Record<string, string>): Promise<void> {
  return downloadFile(`GET /console/events/:eventcode/reports/${report}`, {
    params: { eventcode },
    query: { ...query, format: 'csv' },
    fallback: `${eventcode}-${report}.csv`,
  });
}

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../../lib/theme';
import type { Analytics } from '../api/get-my-analytics';

type Daily = Analytics['daily'];

const chartHeight = 160;
// Tailwind's violet and amber, a shade lighter on dark: a canvas takes no CSS variables.
const seriesColors = {
  light: { views: '#7c3aed', clicks: '#d97706' },
  dark: { views: '#a78bfa', clicks: '#fbbf24' },
} as const;

/** Days are UTC (`YYYY-MM-DD`): drawn in UTC, or a reader west of Greenwich would see yesterday. */
const inUtc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');

/** Axes take the card's text colour, so the chart follows the page's colour scheme. */
function chartOptions(width: number, textColor: string, scheme: 'light' | 'dark'): uPlot.Options {
  const colors = seriesColors[scheme];
  const axis = {
    stroke: textColor,
    grid: { stroke: 'rgba(127,127,127,0.2)' },
    ticks: { show: false },
  };
  return {
    width,
    height: chartHeight,
    tzDate: inUtc,
    cursor: { y: false, points: { size: 6 } },
    legend: { show: true, live: true },
    scales: { y: { range: (_plot, _min, max) => [0, Math.max(4, max)] } },
    axes: [
      { ...axis, space: 50, values: '{D} {MMM}' },
      { ...axis, size: 36, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000] },
    ],
    series: [
      { label: 'Date', value: '{YYYY}-{MM}-{DD}' },
      { label: 'Views', stroke: colors.views, fill: `${colors.views}22`, width: 2 },
      { label: 'Clicks', stroke: colors.clicks, width: 2 },
    ],
  };
}

function chartData(daily: Daily): uPlot.AlignedData {
  return [
    daily.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
    daily.map((day) => day.views),
    daily.map((day) => day.clicks),
  ];
}

/**
 * Views and clicks of each of the last 30 days (uPlot draws on a canvas, which screen readers
 * cannot read: the same numbers are in a table for them).
 */
export function DailyChart({ daily }: { daily: Daily }) {
  const container = useRef<HTMLDivElement>(null);
  // Drawn again when the scheme changes: the canvas keeps the colours it was drawn with.
  const { scheme } = useTheme();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const options = chartOptions(element.clientWidth, getComputedStyle(element).color, scheme);
    const plot = new uPlot(options, chartData(daily), element);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: element.clientWidth, height: chartHeight }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [daily, scheme]);

  return (
    <div>
      <div ref={container} aria-hidden className="text-xs text-gray-600" />
      {/* Hidden by a wrapper: a table grows past `sr-only`'s 1 px width to fit its cells, and an
          absolute box that wide widens the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>Views and clicks of your board, each of the last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Views</th>
              <th scope="col">Clicks</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{day.views}</td>
                <td>{day.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

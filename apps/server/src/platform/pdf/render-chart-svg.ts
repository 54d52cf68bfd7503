import { createRequire } from 'node:module';
import type * as Echarts from 'echarts';

// Charts for PDF documents: ECharts rendered to an SVG string on the server (no DOM, no canvas), the
// same library the web draws with, so a printed chart and the screen's agree.

// ECharts is required on the first chart, not imported: loading it costs a process about 80 MB, and
// every worker imports the PDF jobs whether or not it ever draws one (issue 16's 500 MB worker limit).
const requireModule = createRequire(import.meta.url);
let echarts: typeof Echarts | undefined;
function loadEcharts(): typeof Echarts {
  echarts ??= requireModule('echarts') as typeof Echarts;
  return echarts;
}

export type ChartOption = Echarts.EChartsOption;

type SeriesOption = Record<string, unknown> & { label?: Record<string, unknown> };

/**
 * The PDF's SVG renderer draws a label's outline (ECharts' default white textBorder) as a thick
 * stroke over the text: every series label gets a transparent outline unless the option sets one.
 */
function withPlainLabels(series: ChartOption['series']): ChartOption['series'] {
  if (!series) return series;
  const list = (Array.isArray(series) ? series : [series]) as SeriesOption[];
  return list.map((item) => ({
    ...item,
    label: { textBorderColor: 'transparent', ...item.label },
  })) as ChartOption['series'];
}

/** Renders an ECharts option to SVG, without animation (the first frame is the last). */
export function renderChartSvg(option: ChartOption, size: { width: number; height: number }): string {
  const chart = loadEcharts().init(null, null, { renderer: 'svg', ssr: true, ...size });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: 'Roboto' },
      ...option,
      series: withPlainLabels(option.series),
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartOption } from './chart';

// Every chart type of the analysis screens and widgets, in one lazy chunk. SVG, not canvas: vector
// output stays sharp when the page is printed, and the same options render on the server for reports.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  SVGRenderer,
]);

export default function EChartView({ option, height }: { option: ChartOption; height: string }) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      // ECharts' own description of the data, read by screen readers beside the table alternative.
      option={{ aria: { enabled: true }, animation: false, ...option }}
      notMerge
      style={{ height, width: '100%' }}
      opts={{ renderer: 'svg' }}
    />
  );
}

/**
 * A line chart on Apache ECharts (the convention of Chinese admin software), loaded with the screen
 * that draws it: only the line chart, grid, tooltip and legend are bundled, on the canvas renderer.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart as LineSeries } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineSeries, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type LineSeriesData = { name: string; values: (number | null)[] };

export function LineChart({
  labels,
  series,
  unit,
  height = 280,
  ariaLabel,
  isCount = false,
}: {
  labels: string[];
  series: LineSeriesData[];
  unit: string;
  height?: number;
  ariaLabel: string;
  /** Whole numbers of things (listings added, follow-ups): straight lines from zero, ticks on whole numbers. */
  isCount?: boolean;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    chart.setOption({
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) =>
          value == null ? '无数据' : `${Number(value).toLocaleString('zh-CN')} ${unit}`,
      },
      legend: { top: 0 },
      grid: { left: 64, right: 24, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: labels, boundaryGap: false },
      yAxis: {
        type: 'value',
        scale: !isCount,
        ...(isCount ? { minInterval: 1 } : {}),
        axisLabel: { formatter: (value: number) => value.toLocaleString('zh-CN') },
      },
      series: series.map((line) => ({
        name: line.name,
        type: 'line',
        data: line.values,
        connectNulls: true,
        smooth: !isCount,
      })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [labels, series, unit, isCount]);
  return <div ref={element} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}

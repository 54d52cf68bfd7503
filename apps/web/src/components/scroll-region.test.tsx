import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScrollRegion } from './scroll-region';

describe('ScrollRegion', () => {
  it('is a named region that the Tab key reaches, so the keyboard can scroll it', async () => {
    render(
      <ScrollRegion label="Short Term Modeling/Forecast: table">
        <table aria-label="Forecast">
          <tbody>
            <tr>
              <td>Week 1</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Short Term Modeling/Forecast: table' });
    await userEvent.setup({ delay: null }).tab();
    expect(document.activeElement).toBe(region);
    expect(region.contains(screen.getByRole('table', { name: 'Forecast' }))).toBe(true);
  });
});

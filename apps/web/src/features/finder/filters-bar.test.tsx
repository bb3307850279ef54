import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFinderMessages } from '../../testing/test-messages';
import { FiltersBar } from './filters-bar';
import { NO_FILTERS } from './finder-filters';

beforeAll(() => useFinderMessages());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the filters bar', () => {
  it('disables "Open now" and says why where no listed station publishes opening hours', () => {
    render(
      <FiltersBar
        filters={{ ...NO_FILTERS, openNow: true }}
        brands={[]}
        hoursKnown={false}
        onChange={() => {}}
      />,
    );
    const box = screen.getByLabelText('Open now') as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(false);
    const note = screen.getByTestId('open-now-note');
    expect(note.textContent).toMatch(/^Opening hours not published for stations here/);
    expect(box.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('offers "Open now" where hours are known or not yet known', () => {
    render(<FiltersBar filters={NO_FILTERS} brands={[]} hoursKnown={true} onChange={() => {}} />);
    expect((screen.getByLabelText('Open now') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByTestId('open-now-note')).toBeNull();
    cleanup();
    render(<FiltersBar filters={NO_FILTERS} brands={[]} hoursKnown={null} onChange={() => {}} />);
    expect((screen.getByLabelText('Open now') as HTMLInputElement).disabled).toBe(false);
  });

  it('"Clear filters" from outside empties the operator box and does not send the old text back', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const { rerender } = render(
      <FiltersBar filters={NO_FILTERS} brands={[]} hoursKnown={null} onChange={onChange} />,
    );
    const box = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Eni' } });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, operator: 'Eni' });
    rerender(
      <FiltersBar
        filters={{ ...NO_FILTERS, operator: 'Eni' }}
        brands={[]}
        hoursKnown={null}
        onChange={onChange}
      />,
    );
    onChange.mockClear();
    // The parent clears every filter.
    rerender(<FiltersBar filters={NO_FILTERS} brands={[]} hoursKnown={null} onChange={onChange} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(box.value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { OPEN_DELAY_MS, Tip } from './tip';

// The tooltip of a row action: hover opens it after a delay, keyboard focus at once; leaving, a
// press, blur and Escape close it; while open it describes its trigger; the trigger is never replaced.

function Trigger({ onClick }: { onClick?: () => void }) {
  return (
    <Tip content="Resolve (R)">
      <button type="button" aria-label="Resolve" onClick={onClick}>
        ✓
      </button>
    </Tip>
  );
}

describe('Tip', () => {
  afterEach(() => vi.useRealTimers());

  it('opens after the hover delay, describes the trigger, and closes when the pointer leaves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Trigger />);
    const button = screen.getByRole('button', { name: 'Resolve' });

    fireEvent.pointerEnter(button);
    await act(async () => vi.advanceTimersByTime(OPEN_DELAY_MS - 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => vi.advanceTimersByTime(60));
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Resolve (R)');
    expect(button).toHaveAttribute('aria-describedby', tip.id);

    fireEvent.pointerLeave(button);
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button).not.toHaveAttribute('aria-describedby');
  });

  it('stays open while the pointer moves onto the bubble', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Trigger />);
    const button = screen.getByRole('button', { name: 'Resolve' });
    fireEvent.pointerEnter(button);
    await act(async () => vi.advanceTimersByTime(OPEN_DELAY_MS + 10));
    const tip = await screen.findByRole('tooltip');

    fireEvent.pointerLeave(button);
    fireEvent.pointerEnter(tip);
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it('opens on keyboard focus, closes on Escape and on blur', async () => {
    const user = userEvent.setup();
    render(<Trigger />);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Resolve (R)');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.tab({ shift: true });
    await user.tab();
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens when a script moves focus to the trigger, even after pointer use elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">elsewhere</button>
        <Trigger />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    act(() => screen.getByRole('button', { name: 'Resolve' }).focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Resolve (R)');
  });

  it('closes on a press, and the click reaches the same trigger element', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(<Trigger onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Resolve' });
    await user.tab();
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();

    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resolve' })).toBe(button);
  });

  it('passes the element to the trigger’s own ref', () => {
    let seen: HTMLElement | null = null;
    function WithRef() {
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <Tip content="x">
          <button
            type="button"
            ref={(el) => {
              ref.current = el;
              seen = el;
            }}
          >
            b
          </button>
        </Tip>
      );
    }
    render(<WithRef />);
    expect(seen).toBe(screen.getByRole('button', { name: 'b' }));
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VssText } from './vss-text';

describe('VssText', () => {
  it('shows markup as text: no element, handler or link comes out of it', () => {
    const hostile =
      '<script>window.x=1</script>\n[x](javascript:alert(1))\n<img src=x onerror="alert(1)">\n<style>body{display:none}</style>\n</div><a href="javascript:alert(1)">a</a>';
    render(<VssText text={hostile} />);
    const box = screen.getByTestId('vss-text');
    expect(box.textContent).toBe(hostile);
    expect(box.children).toHaveLength(0);
    expect(document.querySelector('script, img, style, a')).toBeNull();
  });

  it('says when a sheet has no text yet', () => {
    render(<VssText text="" />);
    expect(screen.getByTestId('vss-text')).toHaveTextContent('No style text yet.');
  });
});

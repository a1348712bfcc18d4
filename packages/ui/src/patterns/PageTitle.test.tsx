import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageTitle, pageTitle } from './PageTitle';

describe('pageTitle', () => {
  it('puts the page first and the product last, joined by " · "', () => {
    expect(pageTitle('Bundles')).toBe('Bundles · Appforge');
    expect(pageTitle(['Tests', 'Planets'])).toBe('Tests · Planets · Appforge');
  });

  it('leaves out parts that are not there yet, and is the product alone without parts', () => {
    expect(pageTitle(['Tests', undefined, null, false, ''])).toBe('Tests · Appforge');
    expect(pageTitle([])).toBe('Appforge');
  });

  it('leaves the product out where it does not belong (a visitor on a creator\'s app)', () => {
    expect(pageTitle('Lesson Planner', { product: false })).toBe('Lesson Planner');
  });
});

describe('PageTitle', () => {
  beforeEach(() => {
    // The static <title> of index.html.
    document.title = 'Appforge';
  });

  it('names the tab while the page shows', () => {
    render(<PageTitle title={['Tests', 'Planets']} />);
    expect(document.title).toBe('Tests · Planets · Appforge');
  });

  it('follows the page when its name arrives', () => {
    const { rerender } = render(<PageTitle title={['Edit steps', undefined]} />);
    expect(document.title).toBe('Edit steps · Appforge');
    rerender(<PageTitle title={['Edit steps', 'Planets']} />);
    expect(document.title).toBe('Edit steps · Planets · Appforge');
  });

  it('gives the tab back to the title underneath when a screen over the page goes', () => {
    let close = () => {};
    function Page() {
      const [signingIn, setSigningIn] = useState(true);
      close = () => setSigningIn(false);
      return (
        <>
          <PageTitle title="Your apps" />
          {signingIn ? <PageTitle title="Sign in" /> : null}
        </>
      );
    }
    render(<Page />);
    expect(document.title).toBe('Sign in · Appforge');
    act(() => close());
    expect(document.title).toBe('Your apps · Appforge');
  });

  it('leaves the title underneath while a visitor\'s app has no name yet', () => {
    render(<PageTitle title={null} product={false} />);
    expect(document.title).toBe('Appforge');
  });

  it('writes a hostile name as text, never as markup', () => {
    render(<PageTitle title={'</title><script>alert(1)</script>'} product={false} />);
    expect(document.title).toBe('</title><script>alert(1)</script>');
    expect(document.head.querySelector('script')).toBeNull();
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { HeroSection } from './hero-section';

afterEach(() => vi.restoreAllMocks());

describe('HeroSection', () => {
  it('shows the badge, the brand name as the page heading and the tagline', () => {
    renderWithProviders(<HeroSection />);
    expect(screen.getByText('50+ Years of Excellence')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Cedar Bluff Labradors' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('English Labradors bred for beauty and temperament'),
    ).toBeInTheDocument();
  });

  it('links Meet Our Dogs to /breeding-dogs and Contact Us to /contact', () => {
    renderWithProviders(<HeroSection />);
    expect(screen.getByRole('link', { name: 'Meet Our Dogs' })).toHaveAttribute(
      'href',
      '/breeding-dogs',
    );
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('loads the hero image first, never lazily', () => {
    renderWithProviders(<HeroSection />);
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('src', '/images/hero/home-hero.jpg');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(image.getAttribute('alt')).not.toBe('');
  });

  it('logs and hides the image when it fails to load', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<HeroSection />);
    fireEvent.error(screen.getByRole('img'));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('/images/hero/home-hero.jpg'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('also notices an image that failed before the page was hydrated', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    renderWithProviders(<HeroSection />);
    expect(error).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('keeps the headline on the line the file editor edits', () => {
    const source = readFileSync(path.join(process.cwd(), 'src/sections/hero-section.tsx'), 'utf8');
    expect(source.split('\n')).toContain("  headline: 'Cedar Bluff Labradors',");
  });
});

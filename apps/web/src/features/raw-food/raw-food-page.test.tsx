import { COUNTS, foodProducts, site } from '@cedar/content';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import RawFoodPage from './raw-food-page';

describe('Raw Dog Food page', () => {
  it('shows the three products with price, unit, description and benefits', () => {
    renderWithProviders(<RawFoodPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Raw Dog Food' })).toBeInTheDocument();
    const products = screen.getAllByRole('article');
    expect(products).toHaveLength(COUNTS.foodProducts);
    foodProducts.forEach((product, index) => {
      const card = within(products[index] as HTMLElement);
      expect(card.getByRole('heading', { name: product.name })).toBeInTheDocument();
      expect(card.getByText(`$${product.price}`)).toBeInTheDocument();
      expect(card.getByText(product.unit)).toBeInTheDocument();
      expect(card.getByText(product.description)).toBeInTheDocument();
      for (const benefit of product.benefits) expect(card.getByText(benefit)).toBeInTheDocument();
    });
    expect(screen.getAllByText('$28')).toHaveLength(2);
    expect(screen.getAllByText('$30')).toHaveLength(1);
  });

  it('links Place Your Order Here to the scheduling page in a new tab and says pickup only', () => {
    renderWithProviders(<RawFoodPage />);
    const order = screen.getByRole('link', { name: 'Place Your Order Here' });
    expect(order).toHaveAttribute('href', site.urls.foodOrder);
    expect(order).toHaveAttribute('target', '_blank');
    expect(order).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByText('Pickup only').length).toBeGreaterThan(0);
  });
});

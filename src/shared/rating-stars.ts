// A rating written as five stars, filled then empty (4 gives ★★★★☆): the owner's emails and the Approve page.
import { RATING_MAX } from './constants.js';

export const ratingStars = (rating: number): string =>
  '★'.repeat(rating) + '☆'.repeat(RATING_MAX - rating);

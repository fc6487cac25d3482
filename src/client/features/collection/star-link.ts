// A request email's star link opens the form at /submit/{slug}?request={token}&rating={n}
// (docs/product/requests.md): the token says which request, the rating which
// star was clicked. Anything else in the address is ignored, and so is a
// value the server would refuse.
import { RATING_MAX } from '../../../shared/constants';
import { requestTokenSchema } from '../../../shared/schemas/requests';

export type StarLink = {
  /** The request's token, as the link gives it. */
  token: string;
  /** The clicked star, 1 to 5; null when the address has none (or a wrong one). */
  rating: number | null;
};

/** The star link in the address, or null for a form opened any other way. */
export function readStarLink(search: URLSearchParams): StarLink | null {
  const token = requestTokenSchema.safeParse(search.get('request'));
  if (!token.success) return null;
  const rating = Number(search.get('rating'));
  return {
    token: token.data,
    rating: Number.isInteger(rating) && rating >= 1 && rating <= RATING_MAX ? rating : null,
  };
}

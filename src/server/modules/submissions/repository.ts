// Drizzle only: a new testimonial from the public form.
import type { Executor } from '../../db/executor.js';
import { testimonials, type TestimonialRow } from '../../db/schema.js';

export type NewSubmission = Pick<
  TestimonialRow,
  | 'businessId'
  | 'authorName'
  | 'authorEmail'
  | 'authorBusinessName'
  | 'authorLocation'
  | 'content'
  | 'rating'
  | 'authorImageUrl'
  | 'productImageUrls'
  | 'beforeImageUrl'
  | 'afterImageUrl'
>;

export async function create(db: Executor, values: NewSubmission): Promise<TestimonialRow> {
  const [row] = await db
    .insert(testimonials)
    .values({ ...values, status: 'pending' })
    .returning();
  if (!row) throw new Error('insert into testimonials returned nothing');
  return row;
}

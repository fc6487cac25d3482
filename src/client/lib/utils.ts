import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Image addresses the app's CSP lets it show (img-src 'self' data: blob: https:). */
export function isDisplayableImageUrl(url: string): boolean {
  return /^(https:\/\/|\/(?!\/)|data:image\/|blob:)/i.test(url);
}

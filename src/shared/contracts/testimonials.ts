// Moderation: the owner's testimonials, their images, stats, exports and bursts.
export {};

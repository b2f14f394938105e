import type { Document, Filter, Sort, UpdateFilter } from 'mongodb';

/**
 * The part of the mongodb driver's `Collection` that the store's operations use: MongoDB hands in
 * its own collections as they are, and the embedded engine implements these calls over nedb,
 * which speaks the same query language. The operations keep to what both understand: the filter
 * operators $in, $ne, $lt, $lte, $gt, $gte, $exists, $or and $and, dotted paths, and the update
 * operators $set, $unset, $inc, $max, $pull and $push with $each and $slice.
 */
export interface StoreCollection<T extends Document> {
  find(filter: Filter<T>, options?: { projection?: Document }): StoreCursor<T>;
  findOne(filter: Filter<T>, options?: { sort?: Sort; projection?: Document }): Promise<T | null>;
  countDocuments(filter?: Filter<T>): Promise<number>;
  insertOne(doc: T): Promise<unknown>;
  insertMany(docs: T[]): Promise<unknown>;
  updateOne(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options?: { upsert?: boolean },
  ): Promise<{ matchedCount: number }>;
  updateMany(filter: Filter<T>, update: UpdateFilter<T>): Promise<unknown>;
  replaceOne(
    filter: Filter<T>,
    doc: T,
    options?: { upsert?: boolean },
  ): Promise<{ matchedCount: number }>;
  findOneAndUpdate(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: { sort?: Sort; upsert?: boolean; returnDocument: 'after' },
  ): Promise<T | null>;
  deleteOne(filter: Filter<T>): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter<T>): Promise<{ deletedCount: number }>;
}

export interface StoreCursor<T> {
  sort(sort: Sort): StoreCursor<T>;
  limit(limit: number): StoreCursor<T>;
  toArray(): Promise<T[]>;
}

/** MongoDB's duplicate-key error (E11000), which the embedded engine throws too. */
export const DUPLICATE_KEY = 11000;

export const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === DUPLICATE_KEY;

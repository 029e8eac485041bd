package io.tablecast.operations.application.audit;

/** How far {@code verify} is, for its user: called now and then, never per entity. */
public interface VerifyProgress {

  VerifyProgress NONE = (step, count) -> {};

  /** {@code count} things done in {@code step} (events read, entities scanned, ...). */
  void update(String step, long count);
}

package io.tablecast.viewstore.application;

/** Port: how the storage adapters' failures read, for retries and dead-letter reasons. */
public interface FailureClassifier {

  /** Whether retrying later may cure it (the service unreachable or throttling). */
  boolean isTransient(Throwable failure);

  /** One line for a dead-letter header or a log: what the service said, not a stack trace. */
  String describe(Throwable failure);
}

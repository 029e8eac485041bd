package io.tablecast.projector.application;

/**
 * What the projector does with an event it cannot decode or apply (SPEC §4).
 *
 * <ul>
 *   <li>{@link #DEAD_LETTER} (the default): park it on {@code tablecast.projector-dlq} with the
 *       reason and its position, and go on with the partition.
 *   <li>{@link #PAUSE}: stop that partition at the event, keep the others going, and report the
 *       partition as paused until an operator fixes the cause and restarts the projector.
 * </ul>
 */
public enum FailurePolicy {
  DEAD_LETTER,
  PAUSE
}

package io.tablecast.projector.application;

/**
 * How far a partition is projected.
 *
 * @param appliedOffset every record up to it is applied, work items included; -1 for none
 * @param inFlightOffset the last record of the batch begun last; the records after {@code
 *     appliedOffset} up to it may be applied in part, by an owner that stopped mid-batch
 */
public record Checkpoint(long appliedOffset, long inFlightOffset) {

  public static final Checkpoint NONE = new Checkpoint(-1, -1);

  public boolean isApplied(long offset) {
    return offset <= appliedOffset;
  }

  public boolean isUncertain(long offset) {
    return offset > appliedOffset && offset <= inFlightOffset;
  }
}

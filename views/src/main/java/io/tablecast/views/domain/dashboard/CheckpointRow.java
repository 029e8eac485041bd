package io.tablecast.views.domain.dashboard;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the status page reads of one partition's checkpoint, beyond {@code /status}.
 *
 * @param appliedOffset the last offset applied; empty before the first batch (or while a bulk load runs)
 * @param lag the records not yet applied, as the projector last measured them
 * @param loadEnd a rebuild's bulk load folds the log up to this offset (exclusive)
 * @param pausedReason why the projector paused this partition, if it did
 */
public record CheckpointRow(String topic, int partition, OptionalLong appliedOffset, long lag, OptionalLong loadEnd,
    Optional<String> pausedReason) {}

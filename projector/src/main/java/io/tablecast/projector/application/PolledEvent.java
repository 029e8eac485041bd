package io.tablecast.projector.application;

import io.tablecast.viewstore.domain.SourcePosition;

/**
 * An event to project.
 *
 * @param position where it was read, and when its record was written ({@link SourcePosition#occurred()}) when that is known
 * @param uncertain whether an earlier owner of the partition may have applied it in part before
 *     it stopped without committing (it lies between that owner's last applied offset and the end
 *     of the batch it had started)
 * @param <E> the view set's events
 */
public record PolledEvent<E>(E event, SourcePosition position, boolean uncertain) {}

package io.tablecast.projection;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * How {@code verify} and a rebuild fold a view set's whole log in bounded memory, into the rows its
 * tables must hold at quiescence: those its projections write and those its steps keep.
 *
 * <p>Two passes. The log is read once: an event of a sorted aggregate ({@link #aggregate}) is
 * spilled to disk, any other is folded as it comes ({@link Fold#read}), in memory, which suits a
 * few aggregates (regions, say). The spilled events are then sorted by aggregate and version,
 * and each aggregate is folded from its own events alone ({@link Fold#aggregate}); what the whole
 * log calls for comes last ({@link Fold#end}): summaries that count the aggregates, say.
 *
 * <p>An aggregate's event whose rows the store would refuse (a property over its size limit) is
 * left out, as the live projector dead-letters it, and its later events are folded without it.
 *
 * <p>Rows that pack the members of a set (the shards of an index, whose packing depends on the
 * order of past updates) are compared as sets of members per group and packed anew by a rebuild
 * ({@link PackedTable}). Rows that are a step's own state ({@link #internal}) are loaded by a
 * rebuild and left out of {@code verify}.
 *
 * @param <E> the view set's events
 */
public interface LogAudit<E> {

  /** The view set, the topics its events are read from and how their records decode. */
  ProjectedViewSet<E> views();

  /**
   * The aggregate whose events are folded together, in {@link #version} order: a key that sorts as
   * text and holds no tab. Empty for an event folded as it is read.
   */
  Optional<String> aggregate(E event);

  /** The version that orders an aggregate's events. */
  long version(E event);

  /** The event as the spill files keep it. */
  byte[] encode(E event);

  /** An event from {@link #encode}. */
  E decode(byte[] encoded);

  /** How a report names an event left out: {@code order 00000007 version 3}. */
  String describe(E event);

  /** The tables whose rows pack the members of sets; none by default. */
  default List<PackedTable> packed() {
    return List.of();
  }

  /** Whether a row is a step's own state, which {@code verify} does not compare; none by default. */
  default boolean internal(RowRef ref) {
    return false;
  }

  /**
   * A fold of the whole log, from its start.
   *
   * @param refusal why the store would refuse a row; empty when it takes it
   */
  Fold<E> fold(Function<RowChange.Put, Optional<String>> refusal);

  /** One fold of the log; called from one thread, in the order of the passes. */
  interface Fold<E> {

    /** Folds an event that belongs to no sorted aggregate; returns why it is left out, if it is. */
    Optional<String> read(E event);

    /** What one aggregate's events, in version order, call for. Pure: it may be asked again of fewer events. */
    Expected aggregate(String aggregate, List<E> events);

    /**
     * The aggregate's rows as they are kept, after any event the store would refuse was left out:
     * the fold notes what {@link #end} needs of it, and returns the step's own rows for it ({@link
     * LogAudit#internal}).
     */
    List<RowChange.Put> kept(String aggregate, Expected expected);

    /** The rows that follow from the whole log, once every aggregate is folded. */
    List<RowChange.Put> end();
  }

  /**
   * What an aggregate calls for.
   *
   * @param rows its rows, as the projections and the steps write them
   * @param members its places in the sets of packed tables
   */
  record Expected(List<RowChange.Put> rows, List<Member> members) {
    public Expected {
      rows = List.copyOf(rows);
      members = List.copyOf(members);
    }
  }

  /**
   * One member of a set whose rows a {@link PackedTable} packs.
   *
   * @param group which set of the partition, as the packed rows' RowKeys tell it
   */
  record Member(ViewSet.Table table, String partitionKey, String group, String member) {
    public Member {
      Objects.requireNonNull(table, "'table' cannot be null.");
      Objects.requireNonNull(partitionKey, "'partitionKey' cannot be null.");
      Objects.requireNonNull(group, "'group' cannot be null.");
      Objects.requireNonNull(member, "'member' cannot be null.");
    }
  }

  /** A table whose rows pack the members of sets, one set per partition and group. */
  interface PackedTable {

    ViewSet.Table table();

    /** The group of a stored row and the members it lists. */
    Packed unpack(String partitionKey, String rowKey, Map<String, Object> properties);

    /** The rows that hold a group's members, sorted, as a rebuild writes them. */
    List<RowChange.Put> pack(String partitionKey, String group, List<String> members);

    /** How a report names the rows of a group: {@code north_*}. */
    String shown(String group);

    /** What a report calls the members: {@code ids}. */
    default String members() {
      return "members";
    }
  }

  /** What a packed row holds. */
  record Packed(String group, List<String> members) {
    public Packed {
      Objects.requireNonNull(group, "'group' cannot be null.");
      members = List.copyOf(members);
    }
  }
}

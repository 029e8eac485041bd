package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.common.concurrent.Parallel;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.EgtGuard;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Turn;
import io.tablecast.projection.Turn.Write;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.WorkStep;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.application.work.WorkDeferred;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the turns of any projection against one generation of its view set's tables: reads the
 * rows the turn declared (point reads), and then those its events name to read after them, folds
 * its events over them, and writes each partition's rows in one Entity Group Transaction (a
 * partition's only write as the single operation it stands for), guarded by what was read: an
 * insert fails if the row appeared, a replace or delete carries the ETag read.
 *
 * <p>A turn whose writes would not fit one EGT in some partition is cut between events ({@link
 * EgtPlan}): its longest run of first events that fits is written, then the rest, as a turn of its
 * own. So a partition's rows change together, event by event, and what an event keeps in step (a
 * summary and the rows it counts) is in step after every EGT, as the design guide's summary
 * entities need.
 *
 * <p>A write that loses a race ({@link OptimisticWrite}) reads and folds the whole turn again.
 * Partitions written before the race keep their rows: folded again, the events find them applied
 * (the folds' version guards, {@link Projection}) and leave them as they are. The partitions of
 * the declared rows, which those guards read, are written last ({@link #write}).
 *
 * <p><b>Remembering</b> ({@link #remembering}, the projector's): the rows its turns last read or
 * wrote are kept with their ETags ({@link KnownRows}), and a turn whose declared rows all lie in
 * one partition, and the rows its events name to read after them too ({@link
 * Projection#readsAfter}), first folds over the rows it knows without reading them; a row it does
 * not know it takes for absent if an event of the turn most likely creates it ({@link
 * Projection#assumedAbsent}) and no row names it, and reads otherwise. That guess is written only
 * if it is checked whole, in one EGT: every row the fold looked at ({@link Turn#consulted}) is
 * written there (an insert, which fails if the row exists, or a replace or delete on the ETag
 * known), or was read from the store for this turn. A row the fold looked at and left unwritten (a
 * row the process no longer keeps, an event delivered again, a change that changes nothing) is
 * read, alone, and the turn folded again over it, up to {@value #GUESS_ROUNDS} times. A turn that
 * writes other partitions too (their rows would be written after the rows that guard them), or
 * whose EGT loses a race, is read and folded whole as above. So a lane's events cost one EGT per
 * partition when this process wrote the rows last, and a read of each row it no longer keeps
 * otherwise; a known row a projection deletes apart (a row it did not declare) goes into that EGT
 * too.
 *
 * <p><b>Intent rows</b> ({@link WorkStep#intentRow}): a step's turn that writes other partitions
 * than those of its items' intent rows, and rows there that its items do not declare themselves,
 * first writes each changed intent row as the fold left it, under a lease ({@value #LEASE_OWNER},
 * {@value #LEASE_UNTIL}) on the ETag read; then the other partitions; then the intent rows as their
 * steps settle them ({@link WorkStep#settled}), on the ETags of the first write. A turn that loses a
 * race between keeps its leases while it tries again (its own lease does not hold it back, and an
 * intent it folds the same is settled as it stands, not written again first); a turn that gives up,
 * or ends with an intent it did not settle, gives the lease back and keeps the intent. A turn that
 * reads an intent row another turn holds sets its item aside ({@link Aside#held}). The intent rows'
 * partitions are written last in any case, so a row the item keeps is never recorded before it is
 * written.
 *
 * <p><b>Steps</b> ({@link #reading}): the rows a step's turns wrote last are kept with their ETags
 * ({@link KnownRows}), and a turn takes such a row as written instead of reading it, unless a
 * projection writes it too ({@link WorkStep#keptAlone}). A row so taken that the fold looks at is
 * written on the ETag known, or read and the turn folded again, so a stale one fails the write or is
 * read, never believed. After a race lost in a partition, the turn takes the rows it read
 * elsewhere as read and those it wrote as written (see {@link #recalled}), and reads again the rows
 * whose write failed. The partitions of one tier of a step's writes go out side by side. A part of
 * several of a step's items that loses a race in a partition not all of them write goes on one
 * item at a time ({@link ItemsApart}); one that loses it on a row they all write (a hot row: a
 * summary or index shard they share) is read again whole, and keeps them in one EGT there.
 *
 * <p><b>Turns of one process take turns in a partition</b> ({@link PartitionLocks}): a step's turn
 * takes the partitions of the rows it declares before it reads them, and gives them back once it
 * has written, so that two turns of this instance never race each other there: the second reads
 * (or takes as known) what the first wrote. After a race lost to another process, its next attempt
 * also takes the partitions the last one read and wrote. A turn waits for them {@link #PATIENCE}
 * at most, and never past its fence, and then goes on without them, racing as turns of other
 * processes do: a turn that hangs holds the others up no longer.
 */
public final class TableTurns {

  private static final Logger log = LoggerFactory.getLogger(TableTurns.class);
  /** The property of an intent row naming the turn that holds it; the engine's, never shown to a fold. */
  public static final String LEASE_OWNER = "TablecastLeaseOwner";
  /** The instant, in epoch milliseconds, until which {@value #LEASE_OWNER} holds the row. */
  public static final String LEASE_UNTIL = "TablecastLeaseUntil";

  /** Rows a remembering instance keeps per table unless told otherwise, about a kilobyte each. */
  static final int KNOWN_ROWS = 20_000;
  /** Rows a step's instance keeps per table of those it wrote last. */
  static final int WRITTEN_ROWS = 10_000;
  /** How long a turn holds an intent row it wrote first, unless told otherwise. */
  private static final Duration LEASE = Duration.ofSeconds(30);
  /** How many times a guess reads the rows its EGT would not check before the turn is read whole instead. */
  private static final int GUESS_ROUNDS = 3;
  /** How many rounds of rows named after its own an item folded alone is asked for when a lost race is placed ({@link #everyItemWritesIn}). */
  private static final int NAMING_ROUNDS = 3;
  /** How long a step's turn waits for the partitions another turn of this process writes before it goes on without them. */
  static final Duration PATIENCE = Duration.ofSeconds(5);
  /** How many of a message's items one slice of its turn takes ({@link #applyItems(Turn, boolean, long, Duration)}). */
  static final int ITEMS_PER_SLICE = 100;
  /** Why the items of a slice not begun were set aside. */
  static final String DEFERRED = "left for the message's next delivery: the turn used its share of the message's time";

  /** What a turn's writes went through, for metrics. */
  public interface Observer {

    Observer NONE = new Observer() {};

    /** One partition's writes went out together: an EGT, or the partition's only write as the single operation it stands for. */
    default void submitted(int operations) {}

    /** A write lost a race to another writer, or found a remembered row changed: the turn is read and folded again. */
    default void lostRace() {}
  }

  /**
   * A step's items that a turn set aside, each by its index in the turn with its reason: those that
   * cannot run yet ({@link WorkStep#notYet}), and those whose intent row another turn holds.
   */
  public record Aside(Map<Integer, String> notYet, Map<Integer, String> held) {

    public Aside {
      notYet = Map.copyOf(notYet);
      held = Map.copyOf(held);
    }

    /** Whether the item at {@code index} was set aside. */
    public boolean contains(int index) {
      return notYet.containsKey(index) || held.containsKey(index);
    }

    public boolean isEmpty() {
      return notYet.isEmpty() && held.isEmpty();
    }

    public int size() {
      return notYet.size() + held.size();
    }
  }

  private final Generation generation;
  private final Observer observer;
  private final Optional<ExecutorService> readers;
  private final Duration lease;
  private final String instance;
  private final Optional<String> deadInstance;
  private final Clock clock;
  private final Map<ViewSet.Table, TableClient> tables = new HashMap<>();
  private final Map<ViewSet.Table, KnownRows> known = new HashMap<>();
  private final PartitionLocks writing = new PartitionLocks();

  /** Turns that read every declared row, one after the other. */
  public TableTurns(AzureClients azure, Generation generation) {
    this(azure, generation, 0, Observer.NONE, Optional.empty(), LEASE, WorkerSettings.newInstance(), Optional.empty(),
        Clock.systemUTC());
  }

  /**
   * Turns that read their rows side by side on {@code readers}: a step's, whose truth another
   * writer keeps, and whose turn holds the items of a whole message. The rows its turns wrote last
   * it takes as it wrote them (see the class comment, "Steps"). A turn that writes an intent row
   * first ({@link WorkStep#intentRow}) holds it for {@code lease} by {@code clock}, the workers'
   * lease.
   */
  public static TableTurns reading(AzureClients azure, Generation generation, ExecutorService readers, Duration lease, Clock clock) {
    return new TableTurns(azure, generation, WRITTEN_ROWS, Observer.NONE, Optional.of(readers), lease, WorkerSettings.newInstance(),
        Optional.empty(), clock);
  }

  /**
   * As above, for the workers of a process: their leases ({@link WorkerSettings#lease}) name its
   * instance ({@link WorkerSettings#instance}, {@code <instance>/<turn>}), and those of {@code
   * deadInstance}, a run of this process known to have died, are void: they are not waited out.
   */
  public static TableTurns reading(AzureClients azure, Generation generation, ExecutorService readers, WorkerSettings settings,
      Optional<String> deadInstance, Clock clock) {
    return new TableTurns(azure, generation, WRITTEN_ROWS, Observer.NONE, Optional.of(readers), settings.lease(), settings.instance(),
        deadInstance, clock);
  }

  private TableTurns(AzureClients azure, Generation generation, int knownRowsPerTable, Observer observer,
      Optional<ExecutorService> readers, Duration lease, String instance, Optional<String> deadInstance, Clock clock) {
    this.generation = generation;
    this.observer = observer;
    this.readers = readers;
    this.lease = lease;
    this.instance = instance;
    this.deadInstance = deadInstance;
    this.clock = clock;
    generation.viewSet().tables().forEach(table -> {
      tables.put(table, azure.table(generation.table(table)));
      if (knownRowsPerTable > 0) {
        known.put(table, new KnownRows(knownRowsPerTable));
      }
    });
  }

  /** Turns that fold over the rows they last read or wrote, when a single EGT can check them (above). */
  public static TableTurns remembering(AzureClients azure, Generation generation) {
    return remembering(azure, generation, KNOWN_ROWS);
  }

  /** As above, keeping up to {@code rowsPerTable} rows of each table: as many as the lanes whose rows are worth keeping. */
  public static TableTurns remembering(AzureClients azure, Generation generation, int rowsPerTable) {
    return remembering(azure, generation, rowsPerTable, Observer.NONE);
  }

  /** As above, telling {@code observer} of its writes. */
  public static TableTurns remembering(AzureClients azure, Generation generation, int rowsPerTable, Observer observer) {
    if (rowsPerTable < 1) {
      throw new IllegalArgumentException("A remembering instance keeps at least one row per table, not " + rowsPerTable);
    }
    return new TableTurns(azure, generation, rowsPerTable, observer, Optional.empty(), LEASE, WorkerSettings.newInstance(),
        Optional.empty(), Clock.systemUTC());
  }

  /**
   * One lane's events, in their order, applied by {@code projection}.
   *
   * @return the writes made, one per row changed
   */
  public <E> List<Write> apply(Projection<E> projection, List<E> events) {
    return apply(new Turn<>(projection, events));
  }

  /**
   * One turn: a lane's events, or a step's item ({@link io.tablecast.projection.Work#turn}).
   *
   * @return the writes made, one per row changed
   */
  public List<Write> apply(Turn<?> turn) {
    return applyInParts(turn, new HashMap<>());
  }

  /**
   * A step's items in one turn ({@link WorkStep#turn}), but those that cannot run yet ({@link
   * WorkStep#notYet}) and those whose intent row another turn holds ({@link WorkStep#intentRow}):
   * they change nothing.
   *
   * @return the items set aside
   */
  public Aside applyItems(Turn<?> turn) {
    return applyItems(turn, false);
  }

  /**
   * As {@link #applyItems(Turn)}; on the {@code firstDelivery} of the items' message, the rows they
   * carry ({@link WorkStep#carried}) are taken as read and their intent rows as absent, none of them
   * read, until a write loses a race.
   */
  public Aside applyItems(Turn<?> turn, boolean firstDelivery) {
    return applyItems(turn, firstDelivery, System.nanoTime(), lease);
  }

  /**
   * As above, for the items of a message received at {@code receivedNanos} ({@link System#nanoTime})
   * and hidden for {@code visibility}. Once a third of the lease, or three quarters of {@code
   * visibility}, has passed since, whichever comes first, the turn stops before its next write
   * ({@link WorkDeferred}): a worker that stalls never writes after its lease has passed to
   * another, and its message is given back with the reason before it reappears, so that no other
   * worker receives it while this one still runs it (a message received too often with no reason
   * recorded is taken for one whose worker died, and parked). The items go in slices of {@value
   * #ITEMS_PER_SLICE}, one after the other, so that a large message's work is done a slice at a
   * time; once half of that time has passed, the slices not begun are set aside as held, and stay
   * in the message for its next delivery: a message too large for one delivery keeps what each
   * delivery did.
   */
  public Aside applyItems(Turn<?> turn, boolean firstDelivery, long receivedNanos, Duration visibility) {
    Map<Integer, String> waiting = new TreeMap<>();
    Map<Integer, String> held = new TreeMap<>();
    long writeBefore = Math.min(lease.toNanos() / 3, visibility.toNanos() / 4 * 3);
    Fence fence = new Fence(receivedNanos, writeBefore);
    long sliceBefore = writeBefore / 2;
    int items = turn.events().size();
    for (int from = 0; from < items; from += ITEMS_PER_SLICE) {
      if (from > 0 && System.nanoTime() - receivedNanos > sliceBefore) {
        IntStream.range(from, items).forEach(index -> held.put(index, DEFERRED));
        break;
      }
      Map<Integer, String> sliceWaiting = new TreeMap<>();
      Map<Integer, String> sliceHeld = new TreeMap<>();
      applyInParts(turn.slice(from, Math.min(items, from + ITEMS_PER_SLICE)), firstDelivery, sliceWaiting, sliceHeld, fence);
      int offset = from;
      sliceWaiting.forEach((index, reason) -> waiting.put(offset + index, reason));
      sliceHeld.forEach((index, reason) -> held.put(offset + index, reason));
    }
    return new Aside(waiting, held);
  }

  /** Where a step's turn stops writing: its share of its message's time after the message was received. */
  private record Fence(long fromNanos, long afterNanos) {

    static final Fence NONE = new Fence(0, Long.MAX_VALUE);

    /** When, by {@link System#nanoTime}, the turn stops writing; {@link Long#MAX_VALUE} for never. */
    long deadlineNanos() {
      return afterNanos == Long.MAX_VALUE ? Long.MAX_VALUE : fromNanos + afterNanos;
    }

    void check() {
      if (afterNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos() > 0) {
        throw new WorkDeferred("the worker used its time for the message (a third of its lease, or three quarters of the message's"
            + " visibility timeout); stopping before the next write");
      }
    }
  }

  private <E> List<Write> applyInParts(Turn<E> turn, Map<Integer, String> waiting) {
    return applyInParts(turn, false, waiting, new TreeMap<>(), Fence.NONE);
  }

  /**
   * The turn's first events that fit one EGT per partition ({@link EgtPlan}), then the next, until
   * none is left; the events each part set aside go to {@code waiting} and {@code held}, by their index in the turn.
   * The items of a part that went apart after a race ({@link ItemsApart}) go one at a time, with no trust in what they carry,
   * and the next part takes as many as fit.
   */
  private <E> List<Write> applyInParts(Turn<E> turn, boolean trustingItems, Map<Integer, String> waiting, Map<Integer, String> held,
      Fence fence) {
    List<Write> written = new ArrayList<>();
    Leases leases = new Leases(instance + "/" + UUID.randomUUID());
    try {
      int done = 0;
      int alone = 0;
      for (Turn<E> rest = turn; rest != null; ) {
        EgtPlan.Part<E> part;
        try {
          // Alone after their part's race, items take nothing on trust: the part may have written what they would take for absent.
          part = alone > 0 ? applyFirstPart(rest.slice(0, 1), false, fence, leases) : applyFirstPart(rest, trustingItems, fence, leases);
        } catch (ItemsApart e) {
          alone = e.items;
          continue;
        }
        alone = Math.max(0, alone - part.turn().events().size());
        written.addAll(part.writes());
        int offset = done;
        part.turn().waiting().forEach((index, reason) -> waiting.put(offset + index, reason));
        part.turn().held().forEach((index, reason) -> held.put(offset + index, reason));
        done += part.turn().events().size();
        rest = EgtPlan.rest(rest, part);
      }
    } finally {
      release(leases.held);
    }
    return written;
  }

  /**
   * The owner of a turn's leases ({@value #LEASE_OWNER}), and the intent rows it holds under them and
   * has not settled yet: kept while its parts are tried again, whole or one item at a time, so that
   * an intent written once is not given back and written again; given back when the turn ends.
   */
  private record Leases(String owner, Map<RowRef, Read> held) {

    Leases(String owner) {
      this(owner, new ConcurrentHashMap<>());
    }

    void settled(List<Write> writes) {
      writes.forEach(write -> held.remove(write.ref()));
    }
  }

  /** @param trustingItems whether to take the rows the items carry as they say, and their intent rows as absent, until a race is lost */
  private <E> EgtPlan.Part<E> applyFirstPart(Turn<E> turn, boolean trustingItems, Fence fence, Leases leases) {
    if (remembersReads() && turn.intentRows().isEmpty()) {
      Optional<EgtPlan.Part<E>> applied = appliedAsKnown(turn);
      if (applied.isPresent()) {
        return applied.get();
      }
    }
    Projection<?> projection = turn.projection();
    String owner = leases.owner();
    Map<RowRef, Read> readThisTurn = new HashMap<>();
    boolean step = projection instanceof WorkStep<?>; // a step's turns take turns in a partition; the projector's take no lock
    Set<Partition> taking = step ? partitionsOf(turn.reads()) : Set.of();
    PartitionLocks.Held[] held = {PartitionLocks.Held.NONE};
    try {
      return OptimisticWrite.apply(
          conflicts -> {
            if (conflicts > 0) {
              observer.lostRace();
            }
            held[0].release(); // and take them again with those the last attempt found it writes, all in the one order
            held[0] = !step ? PartitionLocks.Held.NONE
                : writing.acquire(taking, Math.min(fence.deadlineNanos(), System.nanoTime() + PATIENCE.toNanos()));
            return remembersReads() ? planned(turn, read(turn), owner)
                : recalled(turn, owner, readThisTurn, trustingItems && conflicts == 0);
          },
          Planned::part,
          (planned, part) -> {
            try {
              write(planned.read(), part, leases, fence);
            } catch (TableServiceException e) {
              // Read again, all of it: the turn that won may have written rows this one read before it (see recalled).
              readThisTurn.clear();
              int items = part.turn().events().size();
              if (e instanceof RaceLostIn lost && items > 1 && step
                  && !everyItemWritesIn(part.turn(), planned.read(), lost.partition)) {
                observer.lostRace();
                throw new ItemsApart(items);
              }
              if (step) {
                taking.addAll(partitionsOf(planned.read().keySet()));
                taking.addAll(partitionsOf(part.writes().stream().map(Write::ref).toList()));
              }
              throw e;
            }
          },
          lost -> new IllegalStateException("Projection '" + projection.name() + "' lost " + OptimisticWrite.MAX_CONFLICTS
              + " races in a row for the rows of generation " + generation.number() + ": " + lost.getMessage(), lost));
    } finally {
      held[0].release();
    }
  }

  private static Set<Partition> partitionsOf(Collection<RowRef> rows) {
    return rows.stream().map(Partition::of).collect(Collectors.toCollection(HashSet::new));
  }

  /**
   * A part of {@code items} of a step's items lost a race in a partition that not all of them
   * write: they go on one at a time, each read and folded again alone, and retried alone. Read
   * again whole, as a projection's turn is, the part would read every item's rows again for a race
   * that one item's row lost, and, with every row of every item in play, lose the next race as
   * likely. The turn keeps the leases it holds: each item, alone, settles its own intent row without
   * writing it again under a lease first. Alone, an item takes nothing on trust
   * ({@link WorkStep#carried}): what it would take for absent, the part may have written for it.
   */
  private static final class ItemsApart extends RuntimeException {

    private final int items;

    ItemsApart(int items) {
      super(null, null, false, false);
      this.items = items;
    }
  }

  /** A write of one partition that lost a race ({@link TableResponses#lostRace}): the store's answer, and where it was. */
  private static final class RaceLostIn extends TableServiceException {

    private final transient Partition partition;

    RaceLostIn(Partition partition, TableServiceException lost) {
      super(lost.getMessage(), lost.getResponse(), lost.getValue());
      initCause(lost);
      this.partition = partition;
    }
  }

  /**
   * Whether each of the part's items, folded alone over the rows its attempt read, writes in
   * {@code partition}: a row they all change, which a part that wins writes for all of them in one
   * EGT. An item that names a row its attempt did not read is taken as writing there.
   */
  private static <E> boolean everyItemWritesIn(Turn<E> part, Map<RowRef, Read> read, Partition partition) {
    Map<RowRef, Map<String, Object>> rows = propertiesOf(read);
    for (int index = 0; index < part.events().size(); index++) {
      Turn<E> item = part.slice(index, index + 1);
      Set<RowRef> named = item.readsAfter(rows); // the rows it names after its own, read with the part's
      for (int round = 0; round < NAMING_ROUNDS && !named.isEmpty(); round++) {
        named = item.readsAfter(rows);
      }
      if (named.isEmpty() && item.fold(rows).stream().noneMatch(write -> Partition.of(write.ref()).equals(partition))) {
        return false;
      }
    }
    return true;
  }

  /** The rows a turn's attempt folds over, and the turn's first part folded over them. */
  private record Planned<E>(Map<RowRef, Read> read, EgtPlan.Part<E> part) {}

  /** The turn's first part folded over {@code read}, with the items whose intent rows another turn holds held back. */
  private <E> Planned<E> planned(Turn<E> turn, Map<RowRef, Read> read, String owner) {
    turn.holdBack(heldIntentRows(turn, read, owner));
    return new Planned<>(read, EgtPlan.firstPart(turn, propertiesOf(read)));
  }

  /**
   * A step's attempt over the rows its process wrote last ({@link KnownRows}): a row this process
   * wrote is taken as it wrote it; any other row is read. A row taken as written that the
   * fold looks at is one its writes must check: written on the ETag known (replaced or deleted),
   * or read, and the turn folded again over it, up to {@value #GUESS_ROUNDS} times before the turn
   * is read whole. So a step whose items follow each other through rows this process keeps reads
   * only the truth it does not write. After a lost race the next attempt reads again every row it
   * does not take as written: a row the fold looked at and left alone is checked by no ETag, and
   * read before the turn that won wrote it (an entry that turn filed before it recorded it in the
   * intent row this attempt reads again), it would hide what that turn did.
   *
   * <p>{@code trusting}, on the first attempt at a message's first delivery: the rows the items
   * carry are taken as they say ({@link WorkStep#carried}, with no ETag), and their intent rows and
   * the rows they most likely create ({@link WorkStep#assumedAbsent}) as absent, none of them read;
   * a fold that looks at one of those and does not insert it makes the attempt one without trust.
   *
   * @param readThisTurn the rows this attempt read (null for one read absent), kept while it folds again; a lost race clears them
   */
  private <E> Planned<E> recalled(Turn<E> turn, String owner, Map<RowRef, Read> readThisTurn, boolean trusting) {
    Map<RowRef, Read> read = new HashMap<>();
    Set<RowRef> taken = new HashSet<>();
    if (trusting) {
      turn.carried().forEach((ref, properties) -> read.put(ref, new Read(ref.rowKey(), properties, null)));
      taken.addAll(read.keySet());
      taken.addAll(turn.absentOnTrust());
    }
    Set<RowRef> recalled = new HashSet<>();
    for (int round = 0; round < GUESS_ROUNDS; round++) {
      turn.holdBack(Map.of()); // every item names its rows; the fold then sets aside those another turn holds
      for (Set<RowRef> more = turn.reads(); !more.isEmpty(); more = turn.readsAfter(propertiesOf(read))) {
        List<RowRef> reading = new ArrayList<>();
        for (RowRef ref : more) {
          if (taken.contains(ref)) {
            continue;
          }
          if (readThisTurn.containsKey(ref)) {
            Optional.ofNullable(readThisTurn.get(ref)).ifPresent(row -> read.put(ref, row));
            continue;
          }
          Optional<Read> written = keptAlone(turn, ref) ? recall(ref) : Optional.empty();
          written.ifPresentOrElse(row -> {
            read.put(ref, row);
            recalled.add(ref);
          }, () -> reading.add(ref));
        }
        readFresh(reading, read, readThisTurn);
      }
      Planned<E> planned = planned(turn, read, owner);
      List<Write> writes = planned.part().writes();
      Set<RowRef> consulted = planned.part().turn().consulted();
      if (trusting && !insertsWhatItTookForAbsent(turn, writes, consulted)) {
        return recalled(turn, owner, readThisTurn, false);
      }
      Set<RowRef> unchecked = new HashSet<>(consulted);
      unchecked.retainAll(recalled);
      writes.stream().filter(write -> write.kind() == Write.Kind.REPLACE || write.kind() == Write.Kind.DELETE).map(Write::ref)
          .forEach(unchecked::remove);
      unfinishedIntents(turn, writes, read).forEach(write -> unchecked.remove(write.ref()));
      if (unchecked.isEmpty()) {
        return planned;
      }
      recalled.removeAll(unchecked);
      readFresh(List.copyOf(unchecked), read, readThisTurn);
    }
    return planned(turn, read(turn), owner);
  }

  /**
   * Whether this is the projector's instance, which remembers the rows it read as well as those it
   * wrote and guesses within one partition ({@link #appliedAsKnown}); a step's keeps only what it
   * wrote ({@link #recalled}).
   */
  private boolean remembersReads() {
    return readers.isEmpty() && !known.isEmpty();
  }

  /** The row as this process wrote it last, if it keeps it. */
  private Optional<Read> recall(RowRef ref) {
    return known.isEmpty() ? Optional.empty()
        : Optional.ofNullable(knownRows(Partition.of(ref)).get(ref.partitionKey(), List.of(ref.rowKey())).get(ref.rowKey()));
  }

  /** Whether the turn's step, if it is one, writes {@code row} alone ({@link WorkStep#keptAlone}). */
  private static boolean keptAlone(Turn<?> turn, RowRef row) {
    return !(turn.projection() instanceof WorkStep<?> step) || step.keptAlone(row);
  }

  /** Whether {@code writes} insert every row the fold looked at ({@code consulted}) that the turn took for absent on trust. */
  private static boolean insertsWhatItTookForAbsent(Turn<?> turn, List<Write> writes, Set<RowRef> consulted) {
    Set<RowRef> inserted = turn.settled(writes).stream().filter(write -> write.kind() == Write.Kind.INSERT).map(Write::ref)
        .collect(Collectors.toSet());
    return consulted.stream().filter(turn.absentOnTrust()::contains).allMatch(inserted::contains);
  }

  /**
   * Reads the rows into {@code read}, and records them in {@code fresh} as read for this turn (a
   * row absent from the store with no value); whether there were any.
   */
  private boolean readFresh(List<RowRef> refs, Map<RowRef, Read> read, Map<RowRef, Read> fresh) {
    if (refs.isEmpty()) {
      return false;
    }
    refs.forEach(read::remove);
    Map<RowRef, Read> rows = read(Set.copyOf(refs));
    read.putAll(rows);
    refs.forEach(ref -> fresh.put(ref, rows.get(ref)));
    return true;
  }

  /**
   * Folds the turn's first part ({@link EgtPlan}) over the rows known, reads the rows the fold
   * looked at that its EGT would not check, folds again over them, and writes once one EGT checks
   * every row the fold looked at that was not just read (above).
   *
   * @return the part written; empty when the turn is to be read and folded instead, and nothing was written
   */
  private <E> Optional<EgtPlan.Part<E>> appliedAsKnown(Turn<E> turn) {
    Set<Partition> partitions = turn.reads().stream().map(Partition::of).collect(Collectors.toSet());
    if (partitions.size() != 1) {
      return Optional.empty();
    }
    Partition guarded = partitions.iterator().next();
    Map<RowRef, Read> assumed = new HashMap<>();
    Set<RowRef> created = new HashSet<>();
    turn.events().forEach(event -> created.addAll(turn.projection().assumedAbsent(event)));
    Set<RowRef> lookedUp = new HashSet<>();
    Map<RowRef, Read> fresh = new HashMap<>();
    for (int round = 0; round < GUESS_ROUNDS; round++) {
      EgtPlan.Part<E> part;
      try {
        if (!lookUp(turn, guarded, created, assumed, lookedUp, fresh)) {
          return Optional.empty(); // one EGT cannot check a guess across partitions
        }
        part = EgtPlan.firstPart(turn, propertiesOf(assumed));
      } catch (TableServiceException e) {
        throw e;
      } catch (RuntimeException e) {
        return Optional.empty(); // a fold may fail on a guess; it is read and folded again, where a failure is the projection's
      }
      List<Write> egt = new ArrayList<>();
      for (Write write : part.writes()) {
        if (!Partition.of(write.ref()).equals(guarded)) {
          return Optional.empty(); // its rows would be written after the rows that guard them
        }
        if (write.kind() == Write.Kind.DELETE_IF_PRESENT) {
          knownRows(guarded).get(guarded.key(), List.of(write.ref().rowKey())).values().forEach(row -> assumed.put(write.ref(), row));
          if (!assumed.containsKey(write.ref())) {
            return Optional.empty();
          }
          egt.add(new Write(write.ref(), Write.Kind.DELETE, Map.of()));
        } else {
          egt.add(write);
        }
      }
      if (egt.size() > EgtGuard.MAX_OPERATIONS) {
        return Optional.empty();
      }
      Set<RowRef> unchecked = new HashSet<>(part.turn().consulted());
      unchecked.removeAll(fresh.keySet());
      egt.stream().filter(w -> w.kind() != Write.Kind.UPSERT && w.kind() != Write.Kind.MERGE).map(Write::ref).forEach(unchecked::remove);
      if (unchecked.isEmpty()) {
        return submitGuess(guarded, part, egt, assumed);
      }
      readFresh(List.copyOf(unchecked), assumed, fresh);
    }
    return Optional.empty();
  }

  /**
   * Takes the rows of the turn that are not looked up yet from the rows known, those its events
   * name to read after them included, round by round. A row not known is taken for absent if an
   * event of the turn most likely creates it ({@code created}: {@link Projection#assumedAbsent}) and no row names
   * it ({@link Turn#namedAfter}); any other is read ({@code fresh}).
   *
   * @return false if a row lies in another partition than {@code guarded}
   */
  private boolean lookUp(Turn<?> turn, Partition guarded, Set<RowRef> created, Map<RowRef, Read> assumed, Set<RowRef> lookedUp,
      Map<RowRef, Read> fresh) {
    for (Set<RowRef> more = turn.reads(); !more.isEmpty(); ) {
      if (!more.stream().map(Partition::of).allMatch(guarded::equals)) {
        return false;
      }
      List<RowRef> looking = more.stream().filter(lookedUp::add).toList();
      Map<String, Read> known = knownRows(guarded).get(guarded.key(), looking.stream().map(RowRef::rowKey).toList());
      known.forEach((rowKey, row) -> assumed.put(new RowRef(guarded.table(), guarded.key(), rowKey), row));
      readFresh(looking.stream().filter(ref -> !known.containsKey(ref.rowKey()) && !created.contains(ref)).toList(), assumed, fresh);
      more = turn.readsAfter(propertiesOf(assumed));
      if (more.isEmpty()) {
        List<RowRef> named = turn.namedAfter().stream().filter(ref -> !assumed.containsKey(ref) && !fresh.containsKey(ref)).toList();
        if (readFresh(named, assumed, fresh)) {
          more = turn.readsAfter(propertiesOf(assumed));
        }
      }
    }
    return true;
  }

  /** The guess's one EGT; empty, with its rows forgotten, if it lost a race. */
  private <E> Optional<EgtPlan.Part<E>> submitGuess(Partition guarded, EgtPlan.Part<E> part, List<Write> egt, Map<RowRef, Read> assumed) {
    if (egt.isEmpty()) {
      return Optional.of(new EgtPlan.Part<>(part.turn(), egt)); // the rows just read say the events were applied
    }
    try {
      submit(guarded, egt, assumed);
    } catch (TableServiceException e) {
      if (!TableResponses.lostRace(e)) {
        throw e;
      }
      observer.lostRace();
      knownRows(guarded).forget(guarded.key(), egt.stream().map(w -> w.ref().rowKey()).toList());
      return Optional.empty();
    }
    return Optional.of(new EgtPlan.Part<>(part.turn(), egt));
  }

  /** The intent rows of the turn that another turn holds: a lease not {@code owner}'s and not over, with the reason. */
  private Map<RowRef, String> heldIntentRows(Turn<?> turn, Map<RowRef, Read> read, String owner) {
    Map<RowRef, String> held = new HashMap<>();
    long now = clock.millis();
    turn.intentRows().keySet().forEach(ref -> Optional.ofNullable(read.get(ref)).ifPresent(row -> {
      Object holder = row.properties().get(LEASE_OWNER);
      boolean voided = holder instanceof String name && deadInstance.filter(dead -> name.startsWith(dead + "/")).isPresent();
      if (holder != null && !owner.equals(holder) && !voided && row.properties().get(LEASE_UNTIL) instanceof Long until && until > now) {
        held.put(ref, "another turn holds " + ref + " until " + Instant.ofEpochMilli(until));
      }
    }));
    return held;
  }

  /**
   * A part's writes: as {@link #write(Map, List, Set, Set)} does, the intent rows' partitions last
   * and the intent rows settled; but first, when the part writes rows of other partitions that its
   * items do not declare themselves, the changed intent rows as folded, under {@code owner}'s lease
   * (see the class comment).
   */
  private <E> void write(Map<RowRef, Read> read, EgtPlan.Part<E> part, Leases leases, Fence fence) {
    Turn<E> turn = part.turn();
    Set<RowRef> carried = turn.carried().keySet();
    part.writes().stream().filter(write -> carried.contains(write.ref())).findFirst().ifPresent(write -> {
      throw new IllegalStateException("Step '" + turn.projection().name() + "' wrote " + write.ref() + ", a row its items carry");
    });
    Map<RowRef, E> intents = turn.intentRows();
    Set<Partition> intentPartitions = intents.keySet().stream().map(Partition::of).collect(Collectors.toSet());
    List<Write> intentWrites = part.writes().stream().filter(write -> intents.containsKey(write.ref())).toList();
    Set<RowRef> ownRows = turn.declaredByEvents();
    boolean unrecorded = part.writes().stream()
        .anyMatch(write -> !intentPartitions.contains(Partition.of(write.ref())) && !ownRows.contains(write.ref()));
    List<Write> unfinished = unfinishedIntents(turn, part.writes(), read);
    if (intentWrites.isEmpty() || !unrecorded) {
      List<Write> settled = new ArrayList<>(turn.settled(part.writes()));
      settled.addAll(unfinished);
      write(read, settled, turn.reads(), intentPartitions, fence);
      leases.settled(settled);
      return;
    }
    fence.check();
    Map<RowRef, Read> intended = writeIntents(intentWrites, read, leases);
    Map<RowRef, Read> guarded = new HashMap<>(read);
    guarded.putAll(intended);
    List<Write> settled = new ArrayList<>();
    for (Write write : part.writes()) {
      if (!intents.containsKey(write.ref())) {
        settled.add(write);
        continue;
      }
      List<Write> row = turn.settled(List.of(write));
      boolean kept = !row.isEmpty() && row.get(0).kind() != Write.Kind.DELETE;
      settled.add(kept ? new Write(write.ref(), Write.Kind.REPLACE, row.get(0).properties())
          : new Write(write.ref(), Write.Kind.DELETE, Map.of()));
    }
    settled.addAll(unfinished);
    write(guarded, settled, turn.reads(), intentPartitions, fence);
    leases.settled(settled);
  }

  /**
   * The intent rows that the fold left as they were read but that an earlier turn did not finish:
   * still holding what it was about to remove, or a lease that ended. Their turn settles them, on
   * the ETag read, once it has written the rest.
   */
  private static List<Write> unfinishedIntents(Turn<?> turn, List<Write> writes, Map<RowRef, Read> read) {
    Set<RowRef> written = writes.stream().map(Write::ref).collect(Collectors.toSet());
    List<Write> unfinished = new ArrayList<>();
    for (RowRef ref : turn.intentRowsFolded()) {
      Read row = read.get(ref);
      if (row == null || written.contains(ref)) {
        continue;
      }
      Write settled = turn.settled(List.of(new Write(ref, Write.Kind.REPLACE, withoutLease(row.properties())))).get(0);
      if (settled.kind() == Write.Kind.DELETE || !settled.properties().equals(row.properties())) {
        unfinished.add(settled);
      }
    }
    return unfinished;
  }

  /**
   * The intent rows as folded (a row the fold deletes as it was read), each under the turn's lease,
   * which {@code leases} then holds; their new ETags.
   */
  private Map<RowRef, Read> writeIntents(List<Write> intentWrites, Map<RowRef, Read> read, Leases leases) {
    Map<Partition, List<Write>> byPartition = new LinkedHashMap<>();
    for (Write write : intentWrites) {
      Map<String, Object> intent = new HashMap<>(write.kind() == Write.Kind.DELETE ? withoutLease(read.get(write.ref()).properties())
          : write.properties());
      intent.put(LEASE_OWNER, leases.owner());
      intent.put(LEASE_UNTIL, clock.millis() + lease.toMillis());
      Write.Kind kind = read.containsKey(write.ref()) ? Write.Kind.REPLACE : Write.Kind.INSERT;
      byPartition.computeIfAbsent(Partition.of(write.ref()), p -> new ArrayList<>()).add(new Write(write.ref(), kind, intent));
    }
    Map<RowRef, Read> intended = new ConcurrentHashMap<>();
    eachPartition(List.copyOf(byPartition.keySet()), partition -> {
      List<Write> writes = byPartition.get(partition);
      List<String> etags = submit(partition, writes, read);
      for (int i = 0; i < writes.size(); i++) {
        Write write = writes.get(i);
        Read leased = new Read(write.ref().rowKey(), write.properties(), etags.get(i));
        intended.put(write.ref(), leased);
        leases.held().put(write.ref(), leased);
      }
    });
    return intended;
  }

  /**
   * Gives back the leases a turn still holds when it ends: those of items that failed, or that it
   * set aside after their intent. The intent stays, for the next turn to finish; no turn of theirs
   * waits out a lease nobody holds.
   */
  private void release(Map<RowRef, Read> intended) {
    intended.forEach((ref, row) -> {
      if (recall(ref).filter(known -> !Objects.equals(known.etag(), row.etag())).isPresent()) {
        return; // this process wrote it since: settled it, or took the lease again
      }
      try {
        submit(Partition.of(ref), List.of(new Write(ref, Write.Kind.REPLACE, withoutLease(row.properties()))), Map.of(ref, row));
      } catch (RuntimeException e) {
        log.debug("The lease of {} in generation {} was not given back; it ends at {}: {}", ref, generation.number(),
            Instant.ofEpochMilli((Long) row.properties().get(LEASE_UNTIL)), e.toString());
      }
    });
  }

  private static Map<String, Object> withoutLease(Map<String, Object> properties) {
    Map<String, Object> without = new HashMap<>(properties);
    without.remove(LEASE_OWNER);
    without.remove(LEASE_UNTIL);
    return without;
  }

  /** The turn's declared rows, then those its events name to read after them, round by round ({@link Turn#readsAfter}). */
  private Map<RowRef, Read> read(Turn<?> turn) {
    turn.holdBack(Map.of()); // every item names its rows, held back last time or not
    Map<RowRef, Read> read = read(turn.reads());
    for (Set<RowRef> more = turn.readsAfter(propertiesOf(read)); !more.isEmpty(); more = turn.readsAfter(propertiesOf(read))) {
      read.putAll(read(more));
    }
    return read;
  }

  private Map<RowRef, Read> read(Set<RowRef> refs) {
    if (readers.isPresent() && refs.size() > 1) {
      return readSideBySide(readers.get(), List.copyOf(refs));
    }
    Map<Partition, List<String>> byPartition = new LinkedHashMap<>();
    refs.forEach(ref -> byPartition.computeIfAbsent(Partition.of(ref), p -> new ArrayList<>()).add(ref.rowKey()));
    Map<RowRef, Read> read = new HashMap<>();
    byPartition.forEach((partition, rowKeys) -> {
      Map<String, Read> rows = RowReader.read(client(partition.table()), partition.key(), rowKeys);
      if (remembersReads()) {
        remember(partition, rows);
      }
      rows.forEach((rowKey, row) -> read.put(new RowRef(partition.table(), partition.key(), rowKey), row));
    });
    return read;
  }

  /** One point read per row, on {@code readers}: an instance with readers remembers no rows. */
  private Map<RowRef, Read> readSideBySide(ExecutorService readers, List<RowRef> refs) {
    List<Read> rows = Parallel.map(readers, refs,
        ref -> RowReader.read(client(ref.table()), ref.partitionKey(), List.of(ref.rowKey())).get(ref.rowKey()));
    Map<RowRef, Read> read = new HashMap<>();
    for (int i = 0; i < refs.size(); i++) {
      if (rows.get(i) != null) {
        read.put(refs.get(i), rows.get(i));
      }
    }
    return read;
  }

  /**
   * A turn's writes: the deletes of rows it did not declare, then the partitions of none of its
   * declared rows, then those of its declared rows, and the partitions {@code last} last. A turn stopped between two of them (an
   * outage) is applied again whole: the rows its folds guard come last, so folded again it finds
   * its events not yet applied and writes once more what it had written, which changes nothing.
   */
  private void write(Map<RowRef, Read> read, List<Write> writes, Set<RowRef> declared, Set<Partition> last, Fence fence) {
    Set<Partition> guarded = declared.stream().map(Partition::of).collect(Collectors.toSet());
    Map<Partition, List<Write>> byPartition = new LinkedHashMap<>();
    for (Write write : writes) {
      if (write.kind() == Write.Kind.DELETE_IF_PRESENT) {
        deleteIfPresent(write.ref());
      } else {
        byPartition.computeIfAbsent(Partition.of(write.ref()), p -> new ArrayList<>()).add(write);
      }
    }
    Map<Integer, List<Partition>> tiers = new TreeMap<>();
    byPartition.keySet().forEach(partition -> tiers.computeIfAbsent(last.contains(partition) ? 2 : guarded.contains(partition) ? 1 : 0,
        tier -> new ArrayList<>()).add(partition));
    tiers.values().forEach(tier -> eachPartition(tier, partition -> {
      fence.check();
      submitAll(partition, byPartition.get(partition), read);
    }));
  }

  /** The task for each partition: side by side on the readers of a step's instance, one after the other otherwise. */
  private void eachPartition(List<Partition> partitions, Consumer<Partition> task) {
    if (readers.isPresent() && partitions.size() > 1) {
      Parallel.each(readers.get(), partitions, task);
    } else {
      partitions.forEach(task);
    }
  }

  /** A partition's writes, in as many EGTs of at most {@value EgtGuard#MAX_OPERATIONS} as they need. */
  private void submitAll(Partition partition, List<Write> writes, Map<RowRef, Read> read) {
    for (int from = 0; from < writes.size(); from += EgtGuard.MAX_OPERATIONS) {
      submit(partition, writes.subList(from, Math.min(writes.size(), from + EgtGuard.MAX_OPERATIONS)), read);
    }
  }

  /**
   * One EGT of one partition's writes, or the single operation of a partition's only write (the
   * same guard, and on Azurite cheaper than a batch of one); the rows it put are known afterwards
   * with their new ETags, the others forgotten.
   *
   * @return the new ETag of each write, in their order (null for a delete)
   */
  private List<String> submit(Partition partition, List<Write> writes, Map<RowRef, Read> read) {
    List<String> etags;
    try {
      List<TableTransactionAction> actions = writes.stream().map(write -> action(write, read.get(write.ref()))).toList();
      etags = actions.size() == 1 ? Collections.singletonList(single(client(partition.table()), actions.get(0)))
          : Egts.submitForEtags(client(partition.table()), actions);
    } catch (RuntimeException e) {
      forget(partition, writes);
      if (e instanceof TableServiceException refused && TableResponses.lostRace(refused)) {
        throw new RaceLostIn(partition, refused);
      }
      throw e;
    }
    observer.submitted(writes.size());
    if (known.isEmpty()) {
      return etags;
    }
    Map<String, Read> put = new HashMap<>();
    for (int i = 0; i < writes.size(); i++) {
      Write write = writes.get(i);
      String etag = i < etags.size() ? etags.get(i) : null;
      boolean whole = write.kind() == Write.Kind.INSERT || write.kind() == Write.Kind.REPLACE || write.kind() == Write.Kind.UPSERT;
      if (whole && etag != null) {
        put.put(write.ref().rowKey(), new Read(write.ref().rowKey(), write.properties(), etag));
      }
    }
    forget(partition, writes);
    remember(partition, put);
    return etags;
  }

  /** An EGT's only action as the single operation it stands for; returns the new ETag, null for a delete. */
  private static String single(TableClient table, TableTransactionAction action) {
    TableEntity row = action.getEntity();
    Response<Void> response = switch (action.getActionType()) {
      case CREATE -> table.createEntityWithResponse(row, NO_TIMEOUT, Context.NONE);
      case UPDATE_REPLACE -> table.updateEntityWithResponse(row, TableEntityUpdateMode.REPLACE, true, NO_TIMEOUT, Context.NONE);
      case UPSERT_REPLACE -> table.upsertEntityWithResponse(row, TableEntityUpdateMode.REPLACE, NO_TIMEOUT, Context.NONE);
      case UPSERT_MERGE -> table.upsertEntityWithResponse(row, TableEntityUpdateMode.MERGE, NO_TIMEOUT, Context.NONE);
      case DELETE -> table.deleteEntityWithResponse(row, true, NO_TIMEOUT, Context.NONE);
      default -> throw new IllegalArgumentException("Not a turn's write: " + action.getActionType());
    };
    return action.getActionType() == TableTransactionActionType.DELETE ? null : TableResponses.etag(response);
  }

  private static TableTransactionAction action(Write write, Read read) {
    RowRef ref = write.ref();
    String etag = read == null ? null : read.etag();
    TableEntity row = TableRows.toTable(ref.partitionKey(), ref.rowKey(), write.properties(), etag);
    return switch (write.kind()) {
      case INSERT -> new TableTransactionAction(TableTransactionActionType.CREATE, row);
      case REPLACE -> new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, row, true);
      case DELETE -> new TableTransactionAction(TableTransactionActionType.DELETE, row, true);
      case UPSERT -> new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, row);
      case MERGE -> new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE, row);
      case DELETE_IF_PRESENT -> throw new IllegalArgumentException("Deleted apart: " + ref);
    };
  }

  private void deleteIfPresent(RowRef ref) {
    Optional.ofNullable(known.get(ref.table())).ifPresent(rows -> rows.forget(ref.partitionKey(), List.of(ref.rowKey())));
    try {
      client(ref.table()).deleteEntityWithResponse(new TableEntity(ref.partitionKey(), ref.rowKey()), false, NO_TIMEOUT, Context.NONE);
    } catch (TableServiceException e) {
      if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
  }

  private void remember(Partition partition, Map<String, Read> rows) {
    if (!known.isEmpty()) {
      knownRows(partition).read(partition.key(), rows);
    }
  }

  private void forget(Partition partition, List<Write> writes) {
    if (!known.isEmpty()) {
      knownRows(partition).forget(partition.key(), writes.stream().map(w -> w.ref().rowKey()).toList());
    }
  }

  private KnownRows knownRows(Partition partition) {
    return known.get(partition.table());
  }

  private TableClient client(ViewSet.Table table) {
    return tables.get(table);
  }

  private static Map<RowRef, Map<String, Object>> propertiesOf(Map<RowRef, Read> read) {
    Map<RowRef, Map<String, Object>> properties = new HashMap<>();
    read.forEach((ref, row) -> properties.put(ref, row.properties().containsKey(LEASE_OWNER) ? withoutLease(row.properties())
        : row.properties()));
    return properties;
  }
}

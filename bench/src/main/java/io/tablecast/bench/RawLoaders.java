package io.tablecast.bench;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.storage.queue.QueueClient;
import io.tablecast.common.tables.AzureClients;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The minimal loaders of the raw ceilings: plain SDK calls on tables of their own, nothing of
 * Tablecast but {@link AzureClients} (so the HTTP client, timeouts and retry policy are the
 * projector's).
 *
 * <ul>
 *   <li><b>EGT loader</b> ({@value #EGT_TABLE}): 100-entity {@code UPSERT_REPLACE} EGTs, each in one
 *       of {@value #EGT_PARTITIONS} partitions (like the departments of {@code Employees}), on
 *       {@code egtThreads} threads.
 *   <li><b>Single-upsert loader</b>: one {@code upsertEntity} per entity on {@code singleThreads}
 *       threads, into {@value #LOCATOR_TABLE} (one partition per entity, like the locators) and
 *       {@value #ACTIVITY_TABLE} (one partition per employee, one row per event, like the activity).
 *   <li><b>Queue loader</b>: {@code sendMessage} of messages of a given size, on {@code
 *       singleThreads} threads.
 * </ul>
 *
 * The tables only grow: each call first writes the new rows it is asked for (the growth), then
 * overwrites existing rows for the rest of its writes, so that after each phase every raw table
 * holds as many rows as the projector's table it stands for, and the loaders wrote as many
 * entities as the projector did, of which as many were new. Entities look like an {@code
 * Employees} row: nine properties, about 300 bytes of JSON.
 */
final class RawLoaders implements AutoCloseable {

  static final String EGT_TABLE = "RawEgt";
  static final String LOCATOR_TABLE = "RawLocator";
  static final String ACTIVITY_TABLE = "RawActivity";
  static final String QUEUE = "raw-work";
  static final int EGT_SIZE = 100;
  static final int EGT_PARTITIONS = 100;
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final TableClient egtTable;
  private final TableClient locatorTable;
  private final TableClient activityTable;
  private final QueueClient queue;
  private final ExecutorService egtPool;
  private final ExecutorService singlePool;
  private final int egtThreads;
  private final int singleThreads;
  private final Random random;
  /** Rows per partition of the EGT table; row keys are {@code r<n>}, n below this count. */
  private final int[] egtRows = new int[EGT_PARTITIONS];
  private long locators;
  private long activityRows;
  private final List<Long> activityKeys = new ArrayList<>(); // (employee << 32 | seq) of some rows, for overwrites

  RawLoaders(AzureClients azure, int egtThreads, int singleThreads, long seed) {
    this.egtTable = azure.table(EGT_TABLE);
    this.locatorTable = azure.table(LOCATOR_TABLE);
    this.activityTable = azure.table(ACTIVITY_TABLE);
    this.queue = azure.queue(QUEUE);
    this.egtThreads = egtThreads;
    this.singleThreads = singleThreads;
    this.egtPool = Executors.newFixedThreadPool(egtThreads);
    this.singlePool = Executors.newFixedThreadPool(singleThreads);
    this.random = new Random(seed);
    for (String table : List.of(EGT_TABLE, LOCATOR_TABLE, ACTIVITY_TABLE)) {
      azure.tableService().createTableIfNotExists(table);
    }
    queue.createIfNotExists();
  }

  /** Rows in each raw table, as the loaders wrote them. */
  long egtRows() {
    long n = 0;
    for (int rows : egtRows) {
      n += rows;
    }
    return n;
  }

  long locatorRows() {
    return locators;
  }

  long activityRows() {
    return activityRows;
  }

  /** One loader run: entities written and the seconds it took. */
  record Run(long entities, double seconds) {
    double perSecond() {
      return seconds == 0 ? 0 : entities / seconds;
    }
  }

  /**
   * {@code writes} entities in 100-entity EGTs, {@code growth} of them new rows and the rest
   * overwrites of existing rows (100 distinct rows of one partition per EGT).
   */
  Run egt(long writes, long growth) {
    growth = Math.min(growth, writes);
    List<List<TableTransactionAction>> inserts = new ArrayList<>();
    for (long left = growth; left > 0; ) {
      int size = (int) Math.min(EGT_SIZE, left);
      int p = random.nextInt(EGT_PARTITIONS);
      List<TableTransactionAction> egt = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        egt.add(upsert(entity("p" + p, "r" + egtRows[p]++)));
      }
      inserts.add(egt);
      left -= size;
    }
    long start = System.nanoTime();
    runAll(egtPool, egtThreads, inserts, actions -> egtTable.submitTransactionWithResponse(actions, TIMEOUT, Context.NONE));
    double insertSeconds = (System.nanoTime() - start) / 1e9;
    List<List<TableTransactionAction>> overwrites = new ArrayList<>();
    for (long left = writes - growth; left > 0; ) {
      int p = random.nextInt(EGT_PARTITIONS);
      int size = (int) Math.min(Math.min(EGT_SIZE, left), egtRows[p]);
      if (size == 0) {
        continue;
      }
      Set<Integer> rows = new HashSet<>();
      while (rows.size() < size) {
        rows.add(random.nextInt(egtRows[p]));
      }
      List<TableTransactionAction> egt = new ArrayList<>(size);
      rows.forEach(r -> egt.add(upsert(entity("p" + p, "r" + r))));
      overwrites.add(egt);
      left -= size;
    }
    long overwriteStart = System.nanoTime();
    runAll(egtPool, egtThreads, overwrites, actions -> egtTable.submitTransactionWithResponse(actions, TIMEOUT, Context.NONE));
    return new Run(writes, insertSeconds + (System.nanoTime() - overwriteStart) / 1e9);
  }

  /**
   * Single upserts on {@code singleThreads} threads: {@code locatorGrowth} new locators and {@code
   * activityGrowth} new activity rows, shuffled together, then the overwrites of existing ones
   * that make up {@code locatorWrites} and {@code activityWrites}.
   */
  Run single(long locatorWrites, long locatorGrowth, long activityWrites, long activityGrowth) {
    locatorGrowth = Math.min(locatorGrowth, locatorWrites);
    activityGrowth = Math.min(activityGrowth, activityWrites);
    List<Runnable> inserts = new ArrayList<>();
    for (long i = 0; i < locatorGrowth; i++) {
      long id = locators++;
      TableEntity e = entity(locatorKey(id), "employee");
      inserts.add(() -> upsert(locatorTable, e));
    }
    long employees = Math.max(1, locators);
    for (long i = 0; i < activityGrowth; i++) {
      long employee = (long) (random.nextDouble() * employees);
      long seq = activityRows++;
      if (activityKeys.size() < 1_000_000) {
        activityKeys.add(employee << 32 | seq);
      }
      TableEntity e = entity(activityKey(employee), rowKey(seq));
      inserts.add(() -> upsert(activityTable, e));
    }
    Collections.shuffle(inserts, random);
    List<Runnable> overwrites = new ArrayList<>();
    for (long i = 0; i < locatorWrites - locatorGrowth && locators > 0; i++) {
      TableEntity e = entity(locatorKey((long) (random.nextDouble() * locators)), "employee");
      overwrites.add(() -> upsert(locatorTable, e));
    }
    for (long i = 0; i < activityWrites - activityGrowth && !activityKeys.isEmpty(); i++) {
      long key = activityKeys.get(random.nextInt(activityKeys.size()));
      TableEntity e = entity(activityKey(key >>> 32), rowKey(key & 0xffffffffL));
      overwrites.add(() -> upsert(activityTable, e));
    }
    Collections.shuffle(overwrites, random);
    long start = System.nanoTime();
    runAll(singlePool, singleThreads, inserts, Runnable::run);
    runAll(singlePool, singleThreads, overwrites, Runnable::run);
    return new Run(inserts.size() + overwrites.size(), (System.nanoTime() - start) / 1e9);
  }

  /** {@code messages} queue messages of {@code bytes} characters, on {@code singleThreads} threads. */
  Run queue(long messages, int bytes) {
    String body = "{\"format\":1,\"generation\":1,\"items\":[" + "x".repeat(Math.max(0, bytes - 40)) + "]}";
    List<Runnable> sends = new ArrayList<>();
    for (long i = 0; i < messages; i++) {
      sends.add(() -> queue.sendMessageWithResponse(body, null, null, TIMEOUT, Context.NONE));
    }
    long start = System.nanoTime();
    runAll(singlePool, singleThreads, sends, Runnable::run);
    return new Run(messages, (System.nanoTime() - start) / 1e9);
  }

  /**
   * Not a ceiling: how much a read costs at the current table size, both ways the projector could
   * read rows of a department partition of {@value #EGT_TABLE}. {@code n} filtered queries like the
   * projector's ({@code PartitionKey eq 'p' and (RowKey eq 'a' or RowKey eq 'b' or RowKey eq 'c')}),
   * then {@code n} point reads ({@code GET Table(PartitionKey,RowKey)}), each on {@code egtThreads}
   * threads. Returns {mean query ms, mean point read ms}.
   */
  double[] reads(int n) {
    List<String[]> targets = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int p = random.nextInt(EGT_PARTITIONS);
      if (egtRows[p] == 0) {
        continue;
      }
      targets.add(new String[] {"p" + p, "r" + random.nextInt(egtRows[p]), "r" + random.nextInt(egtRows[p]),
          "r" + random.nextInt(egtRows[p])});
    }
    if (targets.isEmpty()) {
      return new double[] {0, 0};
    }
    java.util.concurrent.atomic.AtomicLong queryNanos = new java.util.concurrent.atomic.AtomicLong();
    runAll(egtPool, egtThreads, targets, t -> {
      long start = System.nanoTime();
      String filter = "PartitionKey eq '" + t[0] + "' and (RowKey eq '" + t[1] + "' or RowKey eq '" + t[2]
          + "' or RowKey eq '" + t[3] + "')";
      egtTable.listEntities(new com.azure.data.tables.models.ListEntitiesOptions().setFilter(filter), TIMEOUT, Context.NONE)
          .forEach(e -> { });
      queryNanos.addAndGet(System.nanoTime() - start);
    });
    java.util.concurrent.atomic.AtomicLong pointNanos = new java.util.concurrent.atomic.AtomicLong();
    runAll(egtPool, egtThreads, targets, t -> {
      long start = System.nanoTime();
      egtTable.getEntityWithResponse(t[0], t[1], null, TIMEOUT, Context.NONE);
      pointNanos.addAndGet(System.nanoTime() - start);
    });
    return new double[] {queryNanos.get() / 1e6 / targets.size(), pointNanos.get() / 1e6 / targets.size()};
  }

  /**
   * A short check that two Azurite instances are alike: {@code singles} single upserts on 8
   * threads, then {@code egts} 100-entity EGTs on 4 threads, into a fresh table that is deleted
   * afterwards. Returns {single upserts/s, EGT entities/s}.
   */
  static double[] calibrate(AzureClients azure, String table, int singles, int egts) {
    azure.tableService().createTableIfNotExists(table);
    TableClient client = azure.table(table);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Runnable> upserts = new ArrayList<>();
      for (int i = 0; i < singles; i++) {
        TableEntity e = entity("s" + i, "employee");
        upserts.add(() -> upsert(client, e));
      }
      long start = System.nanoTime();
      runAll(pool, 8, upserts, Runnable::run);
      double single = singles / ((System.nanoTime() - start) / 1e9);
      List<List<TableTransactionAction>> batches = new ArrayList<>();
      for (int b = 0; b < egts; b++) {
        List<TableTransactionAction> egt = new ArrayList<>();
        for (int i = 0; i < EGT_SIZE; i++) {
          egt.add(upsert(entity("p" + (b % EGT_PARTITIONS), "b" + b + "-" + i)));
        }
        batches.add(egt);
      }
      start = System.nanoTime();
      runAll(pool, 4, batches, actions -> client.submitTransactionWithResponse(actions, TIMEOUT, Context.NONE));
      double egt = (double) egts * EGT_SIZE / ((System.nanoTime() - start) / 1e9);
      return new double[] {single, egt};
    } finally {
      pool.shutdownNow();
      azure.tableService().deleteTable(table);
    }
  }

  private static String locatorKey(long id) {
    return "empid_" + String.format("%08d", id);
  }

  private static String activityKey(long employee) {
    return String.format("%08d", employee);
  }

  private static String rowKey(long seq) {
    return String.format("%012d", seq);
  }

  private static TableTransactionAction upsert(TableEntity entity) {
    return new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, entity);
  }

  private static void upsert(TableClient table, TableEntity entity) {
    table.upsertEntityWithResponse(entity, TableEntityUpdateMode.REPLACE, TIMEOUT, Context.NONE);
  }

  /** About the shape and size of an {@code Employees} employee row. */
  private static TableEntity entity(String partitionKey, String rowKey) {
    int n = Math.abs((partitionKey + rowKey).hashCode());
    return new TableEntity(partitionKey, rowKey)
        .addProperty("Type", "Employee")
        .addProperty("EmployeeId", String.format("%08d", n % 100_000_000))
        .addProperty("FirstName", "First" + n % 1000)
        .addProperty("LastName", "Last" + n % 200)
        .addProperty("Email", "e" + n % 1_000_000 + "@example.com")
        .addProperty("Age", 20 + n % 40)
        .addProperty("HiredAt", OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).plusSeconds(n % 10_000_000))
        .addProperty("Version", 1L + n % 7)
        .addProperty("EventId", UUID.nameUUIDFromBytes((partitionKey + "/" + rowKey).getBytes()).toString());
  }

  private interface Task<T> {
    void run(T t);
  }

  /** Runs every task on {@code threads} workers of the pool, each taking the next task; fails on the first failure. */
  private static <T> void runAll(ExecutorService pool, int threads, List<T> tasks, Task<T> task) {
    if (tasks.isEmpty()) {
      return;
    }
    AtomicInteger next = new AtomicInteger();
    List<Future<?>> workers = new ArrayList<>();
    for (int w = 0; w < threads; w++) {
      workers.add(pool.submit(() -> {
        for (int i; (i = next.getAndIncrement()) < tasks.size(); ) {
          task.run(tasks.get(i));
        }
      }));
    }
    for (Future<?> worker : workers) {
      try {
        worker.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      } catch (java.util.concurrent.ExecutionException e) {
        next.set(Integer.MAX_VALUE / 2);
        throw new IllegalStateException("A raw loader failed", e.getCause());
      }
    }
  }

  @Override
  public void close() {
    egtPool.shutdownNow();
    singlePool.shutdownNow();
  }
}

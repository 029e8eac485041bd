package io.tablecast.testkit;

import io.tablecast.projection.EventDecoder;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.WorkStep;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A small view set for the engine's tests, with no domain of its own: branches total the ticks of
 * their accounts ({@code Totals}, one row per branch, read and guarded by each account's version),
 * and each tick leaves a row of its account ({@code Ticks}, written without reading). Its records
 * are text, {@code branch,account,version,amount}. As {@link #PROJECTED} keeps it, each tick also
 * asks a cross-partition step, {@link #ACCOUNTS}, to file its account under {@code Accounts}.
 * {@link #AMOUNTS}, a step with an intent row, files each account under its latest amount.
 */
public final class Tally {

  public record Table(String baseName) implements ViewSet.Table {}

  public record Queue(String baseName) implements ViewSet.Queue {}

  public static final Table TOTALS = new Table("Totals");
  public static final Table TICKS = new Table("Ticks");
  public static final Table ACCOUNT_INDEX = new Table("Accounts");
  public static final Queue ACCOUNT_QUEUE = new Queue("accounts");
  public static final Queue AMOUNT_QUEUE = new Queue("amounts");
  public static final ViewSet VIEW_SET = ViewSet.of("tally", List.of(TOTALS, TICKS, ACCOUNT_INDEX), List.of(ACCOUNT_QUEUE, AMOUNT_QUEUE));
  public static final String TOPIC = "tally.ticks";

  /** An account's tick: its version counts the account's ticks from 1. */
  public record Tick(String branch, String account, long version, long amount) {

    public byte[] encoded() {
      return (branch + "," + account + "," + version + "," + amount).getBytes(StandardCharsets.UTF_8);
    }
  }

  /** An item of {@link #ACCOUNTS}: an account to file under its branch. */
  public record Account(String branch, String account) {}

  public static final EventDecoder<Tick> DECODER = (topic, value) -> {
    String[] fields = new String(value, StandardCharsets.UTF_8).split(",");
    if (fields.length != 4) {
      throw new IllegalArgumentException("not a tick: " + fields.length + " fields");
    }
    return new Tick(fields[0], fields[1], Long.parseLong(fields[2]), Long.parseLong(fields[3]));
  };

  /**
   * The step that keeps {@code Accounts} ({@code accounts}/{@code <account>}: its branch and the
   * version its branch's total has counted), reconciled from the branch's total row, once that
   * total has counted the account ({@link WorkStep#notYet}). An item that is not {@code
   * <branch>/<account>} fails to decode.
   */
  public static final WorkStep<Account> ACCOUNTS = new WorkStep<>() {
    @Override
    public String name() {
      return "accounts";
    }

    @Override
    public ViewSet viewSet() {
      return VIEW_SET;
    }

    @Override
    public ViewSet.Queue queue() {
      return ACCOUNT_QUEUE;
    }

    @Override
    public String encode(Account item) {
      return item.branch() + "/" + item.account();
    }

    @Override
    public Account decode(String text) {
      String[] keys = text.split("/", -1);
      if (keys.length != 2) {
        throw new IllegalArgumentException("not <branch>/<account>: " + text);
      }
      return new Account(keys[0], keys[1]);
    }

    @Override
    public Set<RowRef> reads(Account item) {
      return Set.of(total(item.branch()), account(item.account()));
    }

    @Override
    public Optional<String> notYet(Account item, Rows rows) {
      return rows.get(total(item.branch())).filter(total -> total.containsKey("V" + item.account())).isPresent() ? Optional.empty()
          : Optional.of("branch " + item.branch() + " has not counted account " + item.account());
    }

    @Override
    public List<RowChange> fold(Rows rows, Account item) {
      Object counted = rows.get(total(item.branch())).map(total -> total.get("V" + item.account())).orElse(0L);
      return List.of(new RowChange.Put(account(item.account()), Map.of("Branch", item.branch(), "Version", counted)));
    }
  };

  /**
   * The step that files an account under its latest amount ({@link #LATEST}'s row, the truth):
   * {@code Accounts}/{@code amount<amount>}/{@code <account>}, one partition per amount, a key only
   * the previous state knows once the amount changed. So it keeps an intent row ({@link
   * WorkStep#intentRow}, {@link #filed}): {@code Filed}, the amount it files the account under, and
   * {@code Stale}, the amounts whose entries it is about to delete ({@code ;}-separated), gone once
   * settled. Its items are account names, or {@link #amountsItem}s, which carry the tick that asked
   * for them ({@link WorkStep#carried}): its first attempt reads no truth.
   */
  public static final WorkStep<String> AMOUNTS = new WorkStep<>() {
    @Override
    public String name() {
      return "amounts";
    }

    @Override
    public ViewSet viewSet() {
      return VIEW_SET;
    }

    @Override
    public ViewSet.Queue queue() {
      return AMOUNT_QUEUE;
    }

    @Override
    public String encode(String account) {
      return account;
    }

    @Override
    public String decode(String text) {
      return text;
    }

    @Override
    public Set<RowRef> reads(String item) {
      Set<RowRef> rows = new HashSet<>(Set.of(latest(accountOf(item)), filed(accountOf(item))));
      carriedTick(item).ifPresent(tick -> rows.add(filedUnder(tick.amount(), tick.account())));
      return rows;
    }

    @Override
    public Optional<RowRef> intentRow(String item) {
      return Optional.of(filed(accountOf(item)));
    }

    @Override
    public Map<RowRef, Map<String, Object>> carried(String item) {
      return carriedTick(item).map(tick -> Map.of(latest(tick.account()), Map.<String, Object>of("Amount", tick.amount(), "Version",
          tick.version()))).orElse(Map.of());
    }

    @Override
    public Set<RowRef> readsAfter(String item, Rows declared) {
      String account = accountOf(item);
      Set<RowRef> named = new HashSet<>();
      declared.get(latest(account)).ifPresent(latest -> named.add(filedUnder((long) latest.get("Amount"), account)));
      declared.get(filed(account)).ifPresent(intent -> recorded(intent).forEach(amount -> named.add(filedUnder(amount, account))));
      return named;
    }

    @Override
    public List<RowChange> fold(Rows rows, String item) {
      String account = accountOf(item);
      Optional<Map<String, Object>> latest = rows.get(latest(account));
      Optional<Long> amount = latest.map(row -> (long) row.get("Amount"));
      List<RowChange> changes = new ArrayList<>();
      latest.ifPresent(row -> changes.add(new RowChange.Put(filedUnder(amount.get(), account), Map.of("Version", row.get("Version")))));
      Set<Long> stale = new TreeSet<>(rows.get(filed(account)).map(Tally::recorded).orElse(Set.of()));
      carriedTick(item).ifPresent(tick -> stale.add(tick.amount())); // where the item may have filed it on an earlier attempt
      amount.ifPresent(stale::remove);
      stale.forEach(old -> changes.add(new RowChange.Delete(filedUnder(old, account))));
      Map<String, Object> intent = new HashMap<>();
      amount.ifPresent(filed -> intent.put("Filed", filed));
      if (!stale.isEmpty()) {
        intent.put("Stale", stale.stream().map(String::valueOf).collect(Collectors.joining(";")));
      }
      changes.add(intent.isEmpty() ? new RowChange.Delete(filed(account)) : new RowChange.Put(filed(account), intent));
      return changes;
    }

    @Override
    public Optional<Map<String, Object>> settled(String item, Map<String, Object> intent) {
      return Optional.ofNullable(intent.get("Filed")).map(amount -> Map.of("Filed", amount));
    }
  };

  /**
   * {@link #AMOUNTS}'s item for {@code tick}: its account, carrying the tick's amount and version
   * ({@code <account>=<amount>@<version>}).
   */
  public static String amountsItem(Tick tick) {
    return tick.account() + "=" + tick.amount() + "@" + tick.version();
  }

  /** The account of an item of {@link #AMOUNTS}: {@code <account>}, or {@code <account>=<amount>@<version>}. */
  private static String accountOf(String item) {
    int at = item.indexOf('=');
    return at < 0 ? item : item.substring(0, at);
  }

  /** The tick an item of {@link #AMOUNTS} carries, if it carries one. */
  private static Optional<Tick> carriedTick(String item) {
    int equals = item.indexOf('=');
    int at = item.lastIndexOf('@');
    if (equals < 0 || at < equals) {
      return Optional.empty();
    }
    return Optional.of(new Tick("", item.substring(0, equals), Long.parseLong(item.substring(at + 1)),
        Long.parseLong(item.substring(equals + 1, at))));
  }

  /** The amounts an intent row of {@link #AMOUNTS} names: the one it files under, and those it was about to delete. */
  private static Set<Long> recorded(Map<String, Object> intent) {
    Set<Long> amounts = new TreeSet<>();
    Optional.ofNullable(intent.get("Filed")).ifPresent(amount -> amounts.add((long) amount));
    Optional.ofNullable((String) intent.get("Stale")).ifPresent(stale -> Arrays.stream(stale.split(";")).map(Long::parseLong)
        .forEach(amounts::add));
    return amounts;
  }

  /** The totals and ticks, with no step: what a turn of the projector writes. */
  public static final Projection<Tick> TALLIES = Projection.of("tallies", VIEW_SET, Tally::lane, Tally::reads, Tally::fold);

  /**
   * Each account's latest tick in a partition of its own, and a copy of it kept under its amount
   * (an index whose key only the stored row holds): a newer tick deletes the copy of the one
   * before, which the fold can reach only by naming it to read after the latest
   * ({@link Projection#readsAfter}).
   */
  public static final Projection<Tick> LATEST = new Projection<>() {
    @Override
    public String name() {
      return "latest";
    }

    @Override
    public ViewSet viewSet() {
      return VIEW_SET;
    }

    @Override
    public Optional<String> lane(Tick tick) {
      return Optional.of(tick.account());
    }

    @Override
    public Set<RowRef> reads(Tick tick) {
      return Set.of(latest(tick.account()), latestCopy(tick.account(), tick.amount()));
    }

    @Override
    public Set<RowRef> readsAfter(Tick tick, Rows declared) {
      return declared.get(latest(tick.account())).map(row -> Set.of(latestCopy(tick.account(), (long) row.get("Amount")))).orElse(Set.of());
    }

    @Override
    public List<RowChange> fold(Rows rows, Tick tick) {
      Optional<Map<String, Object>> before = rows.get(latest(tick.account()));
      if (before.isPresent() && (long) before.get().get("Version") >= tick.version()) {
        return List.of();
      }
      List<RowChange> changes = new ArrayList<>();
      RowRef copy = latestCopy(tick.account(), tick.amount());
      before.map(row -> latestCopy(tick.account(), (long) row.get("Amount"))).filter(old -> !old.equals(copy))
          .ifPresent(old -> changes.add(new RowChange.Delete(old)));
      changes.add(new RowChange.Put(latest(tick.account()), Map.of("Amount", tick.amount(), "Version", tick.version())));
      changes.add(new RowChange.Put(copy, Map.of("Version", tick.version())));
      return changes;
    }
  };

  public static final ProjectedViewSet<Tick> PROJECTED = new ProjectedViewSet<>(VIEW_SET, List.of(TOPIC), DECODER,
      List.of(Projection.of("tallies", VIEW_SET, Tally::lane, Tally::reads, Tally::fold,
          tick -> List.of(ACCOUNTS.askFor(new Account(tick.branch(), tick.account()))))), List.of(ACCOUNTS));

  private Tally() {}

  public static RowRef total(String branch) {
    return new RowRef(TOTALS, branch, "total");
  }

  /** An account's latest tick ({@link #LATEST}). */
  public static RowRef latest(String account) {
    return new RowRef(TOTALS, "latest-" + account, "latest");
  }

  /** The copy of an account's latest tick under its amount ({@link #LATEST}). */
  public static RowRef latestCopy(String account, long amount) {
    return new RowRef(TOTALS, "latest-" + account, "amount" + amount);
  }

  /** {@link #AMOUNTS}'s intent row for an account, beside its latest tick. */
  public static RowRef filed(String account) {
    return new RowRef(TOTALS, "latest-" + account, "filed");
  }

  /** {@link #AMOUNTS}'s entry of an account under an amount. */
  public static RowRef filedUnder(long amount, String account) {
    return new RowRef(ACCOUNT_INDEX, "amount" + amount, account);
  }

  public static RowRef account(String account) {
    return new RowRef(ACCOUNT_INDEX, "accounts", account);
  }

  private static Optional<String> lane(Tick tick) {
    return Optional.of(tick.account());
  }

  private static Set<RowRef> reads(Tick tick) {
    return Set.of(total(tick.branch()));
  }

  private static List<RowChange> fold(Rows rows, Tick tick) {
    Map<String, Object> total = new HashMap<>(rows.get(total(tick.branch())).orElse(Map.of("Total", 0L)));
    String counted = "V" + tick.account();
    if ((long) total.getOrDefault(counted, 0L) >= tick.version()) {
      return List.of();
    }
    total.put("Total", (long) total.get("Total") + tick.amount());
    total.put(counted, tick.version());
    return List.of(new RowChange.Put(total(tick.branch()), total),
        new RowChange.Put(new RowRef(TICKS, tick.account(), String.format("%010d", tick.version())), Map.of("Amount", tick.amount())));
  }

  /** Ticks of eight accounts in three branches, each account's versions in order. */
  public static List<Tick> log(long seed, int size) {
    Random random = new Random(seed);
    Map<String, Long> versions = new HashMap<>();
    List<Tick> log = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      int account = random.nextInt(8);
      log.add(new Tick("b" + account % 3, "a" + account, versions.merge("a" + account, 1L, Long::sum), random.nextInt(100) - 50));
    }
    return log;
  }
}

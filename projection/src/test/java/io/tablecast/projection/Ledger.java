package io.tablecast.projection;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/** A small view set for the API's own tests: account balances kept from entries, and each account's log tail. */
public final class Ledger {

  public record Table(String baseName) implements ViewSet.Table {}

  public static final Table BALANCES = new Table("Balances");
  public static final Table ENTRIES = new Table("Entries");
  /** Each account's balance again, in one partition: kept by a cross-partition step. */
  public static final Table ACCOUNTS = new Table("Accounts");
  public static final ViewSet.Queue ACCOUNT_QUEUE = () -> "accounts";
  public static final ViewSet VIEW_SET = ViewSet.of("ledger", List.of(BALANCES, ENTRIES, ACCOUNTS), List.of(ACCOUNT_QUEUE));

  /** An entry of an account: its version counts the account's entries from 1. */
  public record Entry(String account, long version, long amount) {}

  private Ledger() {}

  public static RowRef balance(String account) {
    return new RowRef(BALANCES, account, "balance");
  }

  public static RowRef account(String account) {
    return new RowRef(ACCOUNTS, "accounts", account);
  }

  /**
   * A step on items that are texts, for the tests of steps.
   *
   * @param reads the rows an item needs
   */
  public static TextStep step(String name, Function<String, Set<RowRef>> reads, Projection.Fold<String> fold) {
    return step(name, reads, fold, (rows, item) -> Optional.empty());
  }

  /** As above, with items that cannot run while {@code notYet} gives a reason ({@link WorkStep#notYet}). */
  public static TextStep step(String name, Function<String, Set<RowRef>> reads, Projection.Fold<String> fold,
      BiFunction<Rows, String, Optional<String>> notYet) {
    return new TextStep(name, reads, fold, notYet, item -> Optional.empty(), (item, intent) -> Optional.of(intent));
  }

  /** A step on items that are texts, its parts given as functions. */
  public record TextStep(String name, Function<String, Set<RowRef>> declared, Projection.Fold<String> folding,
      BiFunction<Rows, String, Optional<String>> waiting, Function<String, Optional<RowRef>> intent,
      BiFunction<String, Map<String, Object>, Optional<Map<String, Object>>> settling) implements WorkStep<String> {

    /** This step, keeping an intent row ({@link WorkStep#intentRow}) that {@code settling} settles. */
    public TextStep withIntentRow(Function<String, RowRef> intentRow,
        BiFunction<String, Map<String, Object>, Optional<Map<String, Object>>> settling) {
      return new TextStep(name, declared, folding, waiting, item -> Optional.of(intentRow.apply(item)), settling);
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
    public String encode(String item) {
      return item;
    }

    @Override
    public String decode(String text) {
      return text;
    }

    @Override
    public Set<RowRef> reads(String item) {
      return declared.apply(item);
    }

    @Override
    public List<RowChange> fold(Rows rows, String item) {
      return folding.apply(rows, item);
    }

    @Override
    public Optional<String> notYet(String item, Rows rows) {
      return waiting.apply(rows, item);
    }

    @Override
    public Optional<RowRef> intentRow(String item) {
      return intent.apply(item);
    }

    @Override
    public Optional<Map<String, Object>> settled(String item, Map<String, Object> intent) {
      return settling.apply(item, intent);
    }
  }

  /** The balance, asking {@code step} for {@code item(entry)} on every entry. */
  public static Projection<Entry> balanceAsking(WorkStep<String> step, Function<Entry, String> item) {
    return Projection.of("balance", VIEW_SET, BALANCE::lane, BALANCE::reads, BALANCE::fold,
        entry -> List.of(step.askFor(item.apply(entry))));
  }

  /**
   * A step that copies an account's balance under {@code accounts}, and waits while the account
   * has no balance: the truth it copies.
   */
  public static WorkStep<String> copyingBalances() {
    return step("accounts", account -> Set.of(balance(account), account(account)),
        (rows, account) -> List.of(new RowChange.Put(account(account), rows.get(balance(account)).orElseThrow())),
        (rows, account) -> rows.get(balance(account)).isPresent() ? Optional.empty()
            : Optional.of("account " + account + " has no balance"));
  }

  /** The balance, guarded by the account's version: an entry already counted is skipped. */
  public static final Projection<Entry> BALANCE = Projection.of("balance", VIEW_SET, entry -> Optional.of(entry.account()),
      entry -> Set.of(balance(entry.account())), (rows, entry) -> {
        Map<String, Object> row = rows.get(balance(entry.account())).orElse(Map.of("Balance", 0L, "Version", 0L));
        if ((long) row.get("Version") >= entry.version()) {
          return List.of();
        }
        return List.of(new RowChange.Put(balance(entry.account()),
            Map.of("Balance", (long) row.get("Balance") + entry.amount(), "Version", entry.version())));
      });

  /** One row per entry, newest first, written without reading: writing it again is harmless. */
  public static final Projection<Entry> TAIL = Projection.of("tail", VIEW_SET, entry -> Optional.of(entry.account()), entry -> Set.of(),
      (rows, entry) -> List.of(new RowChange.Put(new RowRef(ENTRIES, entry.account(), String.format("%019d", Long.MAX_VALUE - entry.version())),
          Map.of("Amount", entry.amount(), "Version", entry.version()))));
}

package io.tablecast.bench;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The freshness benchmark's employees, as the commands API has acknowledged them, and which of
 * them are settled: no command of theirs in flight and no effect still awaited in the views. Only
 * settled employees get a new command, so that each visibility time belongs to one command and
 * is not the sum of two (a PATCH read in the department a transfer has not reached yet). For the
 * same reason a department gets a new manager only when no assignment of its own is awaited.
 *
 * <p>Only a sample of the commands is watched in the views, so the employees form two pools. A
 * <em>sampled</em> employee gets only sampled commands and is settled when the effect of the last
 * one is seen, as above. An <em>unsampled</em> one gets only unsampled commands, which are load
 * and nothing else: it is settled again as soon as its command answers 2xx, so its effects may
 * overlap; none of them is measured. An unsampled manager assignment never goes to a department
 * whose sampled assignment is awaited, which it would hide.
 *
 * <p>Thread-safe: the scheduler takes employees, the HTTP callbacks and the readers give them back.
 */
final class Roster {

  /** One employee: its id and, once acknowledged, its department. Guarded by the roster. */
  static final class Member {
    final int id;
    final boolean sampled;
    String department;
    private int slot = -1; // its index in settled, or -1 while busy

    Member(int id, String department, boolean sampled) {
      this.id = id;
      this.department = department;
      this.sampled = sampled;
    }
  }

  private final List<String> departments;
  private final List<Member> settledSampled = new ArrayList<>();
  private final List<Member> settledUnsampled = new ArrayList<>();
  private final Set<String> managerAwaited = new HashSet<>();
  private int nextId = 1;

  Roster(List<String> departments) {
    this.departments = List.copyOf(departments);
  }

  List<String> departments() {
    return departments;
  }

  /** A new employee in a random department, busy until its hire is seen (ids are never reused). */
  synchronized Member newHire(boolean sampled) {
    return new Member(nextId++, departments.get(ThreadLocalRandom.current().nextInt(departments.size())), sampled);
  }

  private List<Member> pool(boolean sampled) {
    return sampled ? settledSampled : settledUnsampled;
  }

  /**
   * A random settled employee, now busy; for {@link CommandKind#MANAGER} one whose department
   * awaits no other assignment, and that department is marked. Empty when there is none.
   */
  synchronized Member take(CommandKind kind, boolean sampled) {
    List<Member> settled = pool(sampled);
    for (int attempt = 0; attempt < 8 && !settled.isEmpty(); attempt++) {
      Member m = settled.get(ThreadLocalRandom.current().nextInt(settled.size()));
      if (kind == CommandKind.MANAGER
          && (sampled ? !managerAwaited.add(m.department) : managerAwaited.contains(m.department))) {
        continue;
      }
      remove(m);
      return m;
    }
    return null;
  }

  /** Another department than {@code from}, at random. */
  String otherDepartment(String from) {
    int i = ThreadLocalRandom.current().nextInt(departments.size() - 1);
    String d = departments.get(i);
    return d.equals(from) ? departments.get(departments.size() - 1) : d;
  }

  /** Its command's effect was seen (or it failed): it may take the next command. */
  synchronized void settle(Member m, CommandKind kind, String managedDepartment) {
    if (kind == CommandKind.MANAGER && m.sampled) {
      managerAwaited.remove(managedDepartment);
    }
    if (kind == CommandKind.ARCHIVE) {
      return; // archived: no more commands
    }
    List<Member> settled = pool(m.sampled);
    m.slot = settled.size();
    settled.add(m);
  }

  /**
   * Its state is unknown (the command failed without an answer, or its effect was never seen): it
   * takes no more commands, but its department may get another manager.
   */
  synchronized void retire(CommandKind kind, boolean sampled, String managedDepartment) {
    if (kind == CommandKind.MANAGER && sampled) {
      managerAwaited.remove(managedDepartment);
    }
  }

  synchronized void moved(Member m, String department) {
    m.department = department;
  }

  synchronized int settledCount() {
    return settledSampled.size() + settledUnsampled.size();
  }

  private void remove(Member m) {
    List<Member> settled = pool(m.sampled);
    Member last = settled.remove(settled.size() - 1);
    if (last != m) {
      settled.set(m.slot, last);
      last.slot = m.slot;
    }
    m.slot = -1;
  }
}

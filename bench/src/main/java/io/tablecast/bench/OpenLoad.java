package io.tablecast.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiPredicate;

/**
 * Open-loop load on the commands API: command {@code k} of a window is sent at exactly
 * {@code start + k / rate}, with {@link HttpClient#sendAsync}, so a slow answer never delays the
 * next arrival (if the scheduler itself falls behind, it sends at once and records how late). A
 * command's latency runs from its scheduled time to its answer.
 *
 * <p>The mix is {@link CommandKind#MIX_CYCLE} (or hires alone): hires 50 %, PATCH (last name and age, no email)
 * 30 %, transfers 10 %, archives 5 %, manager assignments 5 %, of settled employees of the
 * {@link Roster}; when none is settled, the command becomes a hire (counted).
 *
 * <p>Only one command in {@code sampleEvery} of each kind is watched (per kind, so that the rare
 * transfers, archives and manager assignments are sampled at the same rate as the hires): after
 * its 2xx, its effect is handed to the {@link VisibilityReaders}. The others are load only; their
 * employees belong to the roster's unsampled pool. What a sampled effect is:
 * <ul>
 *   <li>hire: {@code GET /departments/{dept}/employees/{id}} answers 200;
 *   <li>PATCH: that read shows the new last name;
 *   <li>transfer: the employee answers 200 under the new department;
 *   <li>archive: 404 under its department (the archive flow deletes it from Current last);
 *   <li>manager assignment: {@code GET /departments/{dept}} shows the manager.
 * </ul>
 * One sampled hire in {@link #INDEX_EVERY} is also watched through the index the queue workers
 * write: {@code GET /employees?email=} answers with the employee (command → index). Its employee
 * takes no other command until both effects are resolved. Not every sampled hire: an index entry
 * waits behind the workers' queue, and the polls of many slow checks would load the storage they
 * measure.
 */
final class OpenLoad implements AutoCloseable {

  private final CommandRequests commands;
  private final URI views;
  private final Roster roster;
  private final VisibilityReaders readers;
  private final ExecutorService httpExecutor;
  private final HttpClient http;
  private final int sampleEvery;
  private final CommandKind[] cycle;
  /** One sampled hire in this many has its email index entry awaited too. */
  static final int INDEX_EVERY = 4;

  private final long[] sentOfKind = new long[CommandKind.values().length];
  private long sampledHires;
  private long sequence;

  /** @param cycle the kinds of command sent, in turn: {@link CommandKind#MIX_CYCLE}, or hires alone */
  OpenLoad(URI commandsUri, URI viewsUri, Roster roster, VisibilityReaders readers, int sampleEvery, CommandKind[] cycle) {
    this.cycle = cycle.clone();
    this.sampleEvery = sampleEvery;
    this.commands = new CommandRequests(commandsUri);
    this.views = viewsUri;
    this.roster = roster;
    this.readers = readers;
    AtomicInteger n = new AtomicInteger();
    this.httpExecutor = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "bench-command-http-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
        .executor(httpExecutor).build();
  }

  /** Sends {@code window.offeredRate} commands per second for {@code window.seconds}, on this thread. */
  void run(FreshnessWindow window) {
    long period = Math.round(1e9 / window.offeredRate);
    long start = System.nanoTime();
    window.started(start);
    long end = window.endNanos();
    for (long k = 0; ; k++) {
      long at = start + k * period;
      if (at >= end) {
        break;
      }
      long wait;
      while ((wait = at - System.nanoTime()) > 0) {
        LockSupport.parkNanos(wait);
      }
      send(window, at);
    }
  }

  private void send(FreshnessWindow window, long scheduled) {
    CommandKind wanted = cycle[(int) (sequence++ % cycle.length)];
    boolean sampled = sentOfKind[wanted.ordinal()]++ % sampleEvery == 0;
    Roster.Member member = wanted == CommandKind.HIRE ? null : roster.take(wanted, sampled);
    CommandKind kind = member == null ? CommandKind.HIRE : wanted;
    if (member == null) {
      member = roster.newHire(sampled);
    }
    Command command = command(kind, member, window);
    window.sent(kind, wanted, sampled, System.nanoTime() - scheduled);
    http.sendAsync(command.request, HttpResponse.BodyHandlers.ofString())
        .whenComplete((response, error) -> answered(command, scheduled, response, error));
  }

  /** One command: its request, the check of its effect, and for a hire the check of its email index entry. */
  private record Command(HttpRequest request, VisibilityReaders.Check check, Roster.Member member, String movedTo,
      VisibilityReaders.Check indexCheck) {
    Command(HttpRequest request, VisibilityReaders.Check check, Roster.Member member, String movedTo) {
      this(request, check, member, movedTo, null);
    }
  }

  private Command command(CommandKind kind, Roster.Member m, FreshnessWindow window) {
    String employee = "/departments/" + m.department + "/employees/" + m.id;
    return switch (kind) {
      case HIRE -> {
        if (!m.sampled || sampledHires++ % INDEX_EVERY != 0) {
          yield new Command(commands.hire(m.id, m.department), check(kind, window, m, employee, (status, body) -> status == 200), m, null);
        }
        Hired hired = new Hired(m);
        String id = "\"employeeId\":\"" + String.format("%08d", m.id) + "\"";
        yield new Command(commands.hire(m.id, m.department), check(kind, window, hired, employee, (status, body) -> status == 200), m,
            null, check(kind, window, hired, "/employees?email=" + CommandRequests.email(m.id), (status, body) -> status == 200
                && body.contains(id)).index());
      }
      case PATCH -> {
        String lastName = "Lee" + sequence;
        yield new Command(commands.patch(m.id, lastName, (int) (20 + sequence % 40)),
            check(kind, window, m, employee, (status, body) -> status == 200 && body.contains("\"lastName\":\"" + lastName + "\"")), m, null);
      }
      case TRANSFER -> {
        String to = roster.otherDepartment(m.department);
        yield new Command(commands.transfer(m.id, to),
            check(kind, window, m, "/departments/" + to + "/employees/" + m.id, (status, body) -> status == 200), m, to);
      }
      case ARCHIVE -> new Command(commands.archive(m.id), check(kind, window, m, employee, (status, body) -> status == 404), m, null);
      case MANAGER -> {
        String manager = "\"manager\":{\"employeeId\":\"" + String.format("%08d", m.id) + "\"";
        yield new Command(commands.assignManager(m.department, m.id),
            check(kind, window, new Managed(m, m.department), "/departments/" + m.department,
                (status, body) -> status == 200 && body.contains(manager)), m, null);
      }
    };
  }

  /** The subject of a manager check: the employee, and the department it was assigned to. */
  record Managed(Roster.Member member, String department) {}

  /** The subject of a hire's two checks, the view and the email index: resolved once both are. */
  record Hired(Roster.Member member, AtomicInteger awaiting, AtomicBoolean allSeen) {
    Hired(Roster.Member member) {
      this(member, new AtomicInteger(2), new AtomicBoolean(true));
    }

    /** Whether this was the last of the two checks, and so the hire is resolved. */
    boolean resolve(boolean seen) {
      if (!seen) {
        allSeen.set(false);
      }
      return awaiting.decrementAndGet() == 0;
    }
  }

  private VisibilityReaders.Check check(CommandKind kind, FreshnessWindow window, Object subject, String path,
      BiPredicate<Integer, String> shows) {
    return new VisibilityReaders.Check(kind, window, subject, views.resolve(path), shows);
  }

  private void answered(Command command, long scheduled, HttpResponse<String> response, Throwable error) {
    long now = System.nanoTime();
    VisibilityReaders.Check check = command.check;
    boolean sampled = command.member.sampled;
    if (response != null && response.statusCode() / 100 == 2) {
      check.window.succeeded(now - scheduled, now, sampled);
      if (command.movedTo != null) {
        roster.moved(command.member, command.movedTo);
      }
      if (sampled) {
        readers.await(check, now);
        if (command.indexCheck != null) {
          check.window.awaitingIndex();
          readers.await(command.indexCheck, now);
        }
      } else {
        roster.settle(command.member, check.kind, null);
      }
      return;
    }
    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    String what = response != null ? "HTTP " + response.statusCode() : cause.getClass().getSimpleName();
    String sample = response != null ? response.body() : String.valueOf(cause.getMessage());
    check.window.failed(check.kind, what, sample, now - scheduled, sampled);
    // Without a 2xx the employee's state is not known for sure: it takes no more commands.
    roster.retire(check.kind, sampled, check.subject instanceof Managed m ? m.department() : null);
  }

  /** What the readers do with a resolved check: a seen effect settles its employee, one never seen retires it. */
  static VisibilityReaders.Outcome outcome(Roster roster) {
    return (check, seen) -> {
      if (check.subject instanceof Hired hired) {
        if (hired.resolve(seen)) {
          settle(roster, hired.member(), check.kind, null, hired.allSeen().get());
        }
      } else if (check.subject instanceof Managed m) {
        settle(roster, m.member(), check.kind, m.department(), seen);
      } else {
        settle(roster, (Roster.Member) check.subject, check.kind, null, seen);
      }
    };
  }

  private static void settle(Roster roster, Roster.Member member, CommandKind kind, String managed, boolean seen) {
    if (seen) {
      roster.settle(member, kind, managed);
    } else {
      roster.retire(kind, member.sampled, managed);
    }
  }


  @Override
  public void close() {
    httpExecutor.shutdownNow();
  }
}

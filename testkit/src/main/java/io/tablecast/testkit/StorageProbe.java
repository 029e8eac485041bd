package io.tablecast.testkit;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.BinaryData;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import reactor.core.publisher.Mono;

/**
 * Watches every storage request a client sends, without changing any: an extra pipeline policy
 * (the projector takes such policies in {@code ProjectorService.start(config, policies)}).
 *
 * <p>Each attempt (the policy sits after the retry policy) is classified by table and operation
 * ({@code Employees EGT}, {@code EmployeeIndex read}, {@code queue send}...) and timed from the
 * moment it is sent until its response headers arrive. The operations inside an Entity Group
 * Transaction are read from its multipart body, so the probe knows how many entities each EGT
 * wrote, to which table, and how many of them were inserts, replacements or deletes. Only 2xx
 * answers count as writes; the outer answer of an EGT is 202 even when its change set fails, so
 * EGT conflicts are taken from the projector's own counter instead. A receive that finds no
 * message is labelled {@code queue receive (empty)}, a telemetry row {@code Telemetry upsert}, and
 * the projector's idle checkpoint write {@code ProjectorCheckpoints EGT (heartbeat)}: what a
 * pipeline spends while it waits, apart from what its work costs ({@link #idle}).
 *
 * <p>Used by the benchmarks and by the tests that count the requests each command costs.
 * Thread-safe. {@link #drain} returns what was seen since the previous drain; {@link #count} counts
 * every request since the probe was built.
 */
public final class StorageProbe implements HttpPipelinePolicy {

  /** The kind of write, for the growth of a table: inserts add a row, deletes remove one. */
  public enum Op { INSERT, REPLACE, UPSERT, MERGE, DELETE }

  /**
   * One request as sent: what it was, when, how many entities it carried, and the thread that
   * asked for it ({@link RequestOrigins#origin}).
   */
  public record Sample(String label, long startNanos, long endNanos, int entities, int status, long bytes, String origin) {}

  private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
  private final LongAdder total = new LongAdder();
  private final Map<String, LongAdder> writes = new ConcurrentHashMap<>();
  private final Map<String, List<String>> failures = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> failureCounts = new ConcurrentHashMap<>();
  private static final Pattern INNER_STATUS = Pattern.compile("HTTP/1\\.1 (\\d{3})");

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    return Mono.defer(() -> {
      HttpRequest request = context.getHttpRequest();
      Classified c = classify(request);
      String origin = RequestOrigins.origin();
      long start = System.nanoTime();
      return next.process()
          .map(r -> c.batch || c.receive() ? r.buffer() : r)
          .doOnSuccess(r -> record(c, request, start, r, origin))
          .doOnError(e -> record(c, request, start, null, origin));
    });
  }

  @Override
  public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    HttpRequest request = context.getHttpRequest();
    Classified c = classify(request);
    String origin = RequestOrigins.origin();
    long start = System.nanoTime();
    try {
      HttpResponse response = next.processSync();
      if (c.batch || c.receive()) {
        response = response.buffer();
      }
      record(c, request, start, response, origin);
      return response;
    } catch (RuntimeException e) {
      record(c, request, start, null, origin);
      throw e;
    }
  }

  /**
   * Records the attempt. The answer of an EGT is 202 even when its change set failed; the status
   * that counts is then the one inside (the SDK reads it the same way), and nothing was written.
   */
  private void record(Classified c, HttpRequest request, long start, HttpResponse response, String origin) {
    long end = System.nanoTime();
    total.increment();
    int status = response == null ? -1 : response.getStatusCode();
    String body = null;
    if (c.receive() && response != null && status == 200 && !bodyOf(response).contains("<MessageId>")) {
      c = new Classified("queue receive (empty)", 0, c.bytes, Map.of());
    }
    if (c.batch && response != null && status == 202) {
      body = response.getBodyAsBinaryData() == null ? "" : response.getBodyAsBinaryData().toString();
      Matcher m = INNER_STATUS.matcher(body);
      while (m.find()) {
        int inner = Integer.parseInt(m.group(1));
        if (inner >= 300) {
          status = inner;
          break;
        }
      }
    }
    samples.add(new Sample(c.label, start, end, c.entities, status, c.bytes, origin));
    if (status >= 200 && status < 300) {
      c.ops.forEach((key, n) -> writes.computeIfAbsent(key, k -> new LongAdder()).add(n));
    } else {
      List<String> examples = failures.computeIfAbsent(c.label + " " + status, k -> new java.util.concurrent.CopyOnWriteArrayList<>());
      failureCounts.computeIfAbsent(c.label + " " + status, k -> new LongAdder()).increment();
      if (examples.size() < 2) {
        String ifMatch = request.getHeaders().getValue(HttpHeaderName.IF_MATCH);
        String answer = body != null ? body : response == null ? "(no answer)" : "";
        if (body == null && response != null) {
          try {
            answer = response.getBodyAsBinaryData() == null ? "" : response.getBodyAsBinaryData().toString();
          } catch (RuntimeException e) {
            answer = "(body not readable)";
          }
        }
        examples.add(request.getHttpMethod() + " " + request.getUrl().getPath()
            + (ifMatch == null ? "" : " If-Match: " + ifMatch)
            + (c.batch ? " [" + c.detail + "]" : "")
            + " -> " + answer.replaceAll("\\s+", " ").substring(0, Math.min(400, answer.replaceAll("\\s+", " ").length())));
      }
    }
  }

  private static String bodyOf(HttpResponse response) {
    BinaryData data = response.getBodyAsBinaryData();
    return data == null ? "" : data.toString();
  }

  /** Every request seen since the probe was built, retries included. */
  public long count() {
    return total.sum();
  }

  /** Whether a request of this label is what a pipeline spends while it waits, not part of any work. */
  public static boolean idle(String label) {
    return label.equals("queue receive (empty)") || label.endsWith("(heartbeat)") || label.startsWith("Telemetry ")
        || label.startsWith("ViewCatalog ");
  }

  /** Failed requests by "label status": how many, and up to two examples each (request, answer). */
  public Map<String, String> failureExamples() {
    Map<String, String> out = new TreeMap<>();
    failures.forEach((key, examples) -> out.put(key + " (" + failureCounts.get(key).sum() + "×)", String.join("\n    ", examples)));
    return out;
  }

  /** Everything seen since the last drain. */
  public Window drain() {
    List<Sample> taken = new ArrayList<>();
    for (Sample s; (s = samples.poll()) != null; ) {
      taken.add(s);
    }
    Map<String, Long> ops = new TreeMap<>();
    writes.forEach((key, adder) -> ops.put(key, adder.sumThenReset()));
    return new Window(taken, ops);
  }

  /**
   * The requests of one interval, and the entity writes they made by table and operation
   * ({@code "EmployeeIndex INSERT"}).
   */
  public record Window(List<Sample> samples, Map<String, Long> ops) {

    public long ops(String table, Op op) {
      return ops.getOrDefault(table + " " + op, 0L);
    }

    public long writes(String table) {
      long n = 0;
      for (Op op : Op.values()) {
        n += ops(table, op);
      }
      return n;
    }

    /** Rows added: inserts minus deletes; an upsert counts as an insert (see the class comment). */
    public long growth(String table, boolean upsertsInsert) {
      return ops(table, Op.INSERT) - ops(table, Op.DELETE) + (upsertsInsert ? ops(table, Op.UPSERT) : 0);
    }

    /**
     * The end of the last request, heartbeats aside, in {@link System#nanoTime()} terms; 0 when there
     * was none.
     */
    public long lastEnd() {
      return samples.stream().filter(s -> !s.label.endsWith("(heartbeat)")).mapToLong(Sample::endNanos).max().orElse(0);
    }

    /** Requests by the group of the thread that asked for them. */
    public Map<RequestOrigins.Group, Long> byGroup() {
      Map<RequestOrigins.Group, Long> out = new java.util.EnumMap<>(RequestOrigins.Group.class);
      samples.forEach(s -> out.merge(RequestOrigins.group(s.origin), 1L, Long::sum));
      return out;
    }

    /** Requests of the {@link RequestOrigins.Group#OTHER} group, by thread family, for the report. */
    public Map<String, Long> otherOrigins() {
      Map<String, Long> out = new TreeMap<>();
      samples.stream().filter(s -> RequestOrigins.group(s.origin) == RequestOrigins.Group.OTHER)
          .forEach(s -> out.merge(RequestOrigins.family(s.origin), 1L, Long::sum));
      return out;
    }

    /**
     * Requests by group and label ("projector Employees EGT"), a failed one with its status
     * ("workers EmployeeIndex replace 412": a race lost; "workers Employees read 404": a row absent).
     */
    public Map<String, Long> byGroupAndLabel() {
      Map<String, Long> out = new TreeMap<>();
      samples.forEach(s -> out.merge(RequestOrigins.group(s.origin).name().toLowerCase(java.util.Locale.ROOT) + " " + s.label
          + (s.status >= 200 && s.status < 300 ? "" : " " + s.status), 1L, Long::sum));
      return out;
    }

    /** Per label: requests, entities, mean and p99 latency, and the time at least one was in flight. */
    public List<LabelStats> byLabel(long fromNanos, long toNanos) {
      Map<String, List<Sample>> grouped = new TreeMap<>();
      samples.stream()
          .filter(s -> s.endNanos >= fromNanos && s.startNanos <= toNanos)
          .forEach(s -> grouped.computeIfAbsent(s.label, k -> new ArrayList<>()).add(s));
      List<LabelStats> stats = new ArrayList<>();
      grouped.forEach((label, list) -> stats.add(LabelStats.of(label, list)));
      stats.sort(Comparator.comparingDouble(LabelStats::busySeconds).reversed());
      return stats;
    }
  }

  /** The figures of one kind of request in a window. */
  public record LabelStats(String label, int requests, long entities, double meanMillis, double p99Millis,
      double busySeconds, double sumSeconds, int failures, double meanBytes) {

    static LabelStats of(String label, List<Sample> list) {
      long[] latencies = list.stream().mapToLong(s -> s.endNanos - s.startNanos).sorted().toArray();
      double sum = 0;
      for (long l : latencies) {
        sum += l;
      }
      int rank = (int) Math.ceil(0.99 * latencies.length);
      return new LabelStats(label, list.size(), list.stream().mapToLong(Sample::entities).sum(),
          sum / latencies.length / 1e6, latencies[Math.max(0, rank - 1)] / 1e6, busy(list) / 1e9, sum / 1e9,
          (int) list.stream().filter(s -> s.status < 200 || s.status >= 300).count(),
          list.stream().mapToLong(Sample::bytes).average().orElse(0));
    }

    /** The union of the requests' intervals: wall time during which at least one was in flight. */
    private static long busy(List<Sample> list) {
      List<Sample> sorted = new ArrayList<>(list);
      sorted.sort(Comparator.comparingLong(Sample::startNanos));
      long total = 0;
      long from = Long.MIN_VALUE;
      long to = Long.MIN_VALUE;
      for (Sample s : sorted) {
        if (s.startNanos > to) {
          if (to > from) {
            total += to - from;
          }
          from = s.startNanos;
          to = s.endNanos;
        } else {
          to = Math.max(to, s.endNanos);
        }
      }
      if (to > from) {
        total += to - from;
      }
      return total;
    }
  }

  /** What a request is: its label, entities, bytes, and the writes it makes by "table op". */
  private record Classified(String label, int entities, long bytes, Map<String, Integer> ops, boolean batch, String detail) {
    Classified(String label, int entities, long bytes, Map<String, Integer> ops) {
      this(label, entities, bytes, ops, false, "");
    }

    boolean receive() {
      return label.equals("queue receive");
    }
  }

  private static Classified classify(HttpRequest request) {
    String path = URLDecoder.decode(request.getUrl().getPath(), StandardCharsets.UTF_8);
    String query = request.getUrl().getQuery();
    HttpMethod method = request.getHttpMethod();
    long bytes = contentLength(request);
    // /devstoreaccount1/<resource>...
    String[] parts = path.split("/", 3);
    String resource = parts.length > 2 ? parts[2] : "";
    if (resource.endsWith("/messages") || resource.contains("/messages/")) {
      String verb = switch (method) {
        case POST -> "send";
        case GET -> "receive";
        case DELETE -> "delete";
        default -> method.toString().toLowerCase();
      };
      return new Classified("queue " + verb, method == HttpMethod.POST ? 1 : 0, bytes, Map.of());
    }
    if (resource.equals("$batch")) {
      return batch(request, bytes);
    }
    int paren = resource.indexOf('(');
    String table = tableOf(paren < 0 ? resource : resource.substring(0, paren));
    boolean point = paren >= 0 && resource.length() > paren + 2; // Table(PartitionKey=...,RowKey=...)
    boolean ifMatch = request.getHeaders().getValue(HttpHeaderName.IF_MATCH) != null;
    return switch (method) {
      case GET -> new Classified(table + (point ? " read" : (query != null && query.contains("filter") ? " query" : " list")), 0, bytes, Map.of());
      case POST -> table.equals("Tables")
          ? new Classified("create table", 0, bytes, Map.of())
          : new Classified(table + " insert", 1, bytes, Map.of(table + " " + Op.INSERT, 1));
      case PUT -> ifMatch && !"*".equals(request.getHeaders().getValue(HttpHeaderName.IF_MATCH))
          ? new Classified(table + " replace", 1, bytes, Map.of(table + " " + Op.REPLACE, 1))
          : new Classified(table + " upsert", 1, bytes, Map.of(table + " " + Op.UPSERT, 1));
      case PATCH -> new Classified(table + " merge", 1, bytes, Map.of(table + " " + Op.MERGE, 1));
      case DELETE -> new Classified(table + " delete", 1, bytes, Map.of(table + " " + Op.DELETE, 1));
      default -> new Classified(table + " " + method, 0, bytes, Map.of());
    };
  }

  /** An EGT: its operations, read from the multipart body (one request line and its headers per operation). */
  private static Classified batch(HttpRequest request, long bytes) {
    BinaryData body = request.getBodyAsBinaryData();
    if (body == null || !body.isReplayable()) {
      return new Classified("EGT (body not readable)", 0, bytes, Map.of(), true, "");
    }
    String text = body.toString();
    Map<String, Integer> ops = new TreeMap<>();
    String firstTable = null;
    int entities = 0;
    for (int at = text.indexOf(" HTTP/1.1"); at >= 0; at = text.indexOf(" HTTP/1.1", at + 1)) {
      int lineStart = text.lastIndexOf('\n', at) + 1;
      int space = text.indexOf(' ', lineStart);
      if (space < 0 || space >= at) {
        continue;
      }
      String method = text.substring(lineStart, space);
      int headersEnd = text.indexOf("\r\n\r\n", at);
      String headers = text.substring(at, headersEnd < 0 ? text.length() : headersEnd);
      int ifMatchAt = headers.indexOf("If-Match:");
      boolean ifMatch = ifMatchAt >= 0 && !headers.startsWith("*", ifMatchAt + 9 + countSpaces(headers, ifMatchAt + 9));
      Op op = switch (method) {
        case "POST" -> Op.INSERT;
        case "PUT" -> ifMatch ? Op.REPLACE : Op.UPSERT;
        case "PATCH", "MERGE" -> Op.MERGE;
        case "DELETE" -> Op.DELETE;
        default -> null;
      };
      if (op == null) {
        continue;
      }
      String table = tableOf(tableInUrl(text.substring(space + 1, at)));
      ops.merge(table + " " + op, 1, Integer::sum);
      entities++;
      if (firstTable == null) {
        firstTable = table;
      }
    }
    // The projector's idle heartbeat merges only the lag and liveness columns: not part of applying anything.
    String label = (firstTable == null ? "?" : firstTable) + " EGT";
    if ("ProjectorCheckpoints".equals(firstTable) && !text.contains("AppliedOffset") && !text.contains("InFlightOffset")) {
      label += " (heartbeat)";
    }
    return new Classified(label, entities, text.length(), ops, true, ops.toString());
  }

  private static int countSpaces(String text, int from) {
    int n = 0;
    while (from + n < text.length() && text.charAt(from + n) == ' ') {
      n++;
    }
    return n;
  }

  /** {@code http://host:port/account/Table(PartitionKey='a',RowKey='b')} → {@code Table}. */
  public static String tableInUrl(String url) {
    int hostStart = url.indexOf("//");
    int accountStart = url.indexOf('/', hostStart < 0 ? 0 : hostStart + 2);
    int tableStart = url.indexOf('/', accountStart + 1) + 1;
    int end = url.indexOf('(', tableStart);
    int query = url.indexOf('?', tableStart);
    if (end < 0 || (query >= 0 && query < end)) {
      end = query < 0 ? url.length() : query;
    }
    return url.substring(tableStart, end);
  }

  /**
   * The table's role without namespace and generation: {@code pb123EmployeesG1} → {@code
   * Employees}; the benchmark's own ceiling tables keep their names.
   */
  public static String tableOf(String name) {
    for (String role : List.of("EmployeeIndex", "EmployeeActivity", "EmployeesByLastName", "ArchivedEmployees", "Employees",
        "ProjectorCheckpoints", "ViewCatalog", "Telemetry")) {
      if (name.contains(role)) {
        return role;
      }
    }
    return name;
  }

  private static long contentLength(HttpRequest request) {
    String value = request.getHeaders().getValue(HttpHeaderName.CONTENT_LENGTH);
    try {
      return value == null ? 0 : Long.parseLong(value);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}

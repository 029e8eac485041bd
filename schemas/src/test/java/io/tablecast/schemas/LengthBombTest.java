package io.tablecast.schemas;

import static io.tablecast.schemas.CraftedMessages.message;
import static io.tablecast.schemas.CraftedMessages.writes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.management.ThreadMXBean;
import io.tablecast.schemas.UndecodableEventException.Reason;
import io.tablecast.schemas.testdata.SampleEvents;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.avro.Schema;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A garbage length prefix must not make the decoder allocate what it announces. Avro's {@code
 * BinaryDecoder} sizes a string's buffer from the prefix before reading it, so without the guard a
 * prefix of 2,000,000,000 allocates 2 GB: these tests measure the allocation, not just the outcome.
 */
class LengthBombTest {

  private static final EventCodec CODEC = EventCodec.create();
  private static final Schema HIRED = CODEC.schemas().current("EmployeeHired").orElseThrow();
  private static final Schema ARCHIVED = CODEC.schemas().current("EmployeeArchived").orElseThrow();
  private static final long ALLOWED_BYTES = 16L * 1024 * 1024;

  @ParameterizedTest
  @ValueSource(longs = {2_000_000_000L, Integer.MAX_VALUE - 8, Integer.MAX_VALUE, 1L << 40, Long.MAX_VALUE, -1L})
  void aHugeLengthInTheFirstFieldIsMalformedAndAllocatesNothingLikeIt(long length) {
    byte[] bomb = message(HIRED, writes(out -> out.writeLong(length)));

    assertDecodingFailsCheaply(bomb);
  }

  @ParameterizedTest
  @ValueSource(longs = {2_000_000_000L, Integer.MAX_VALUE - 8})
  void aHugeLengthInALaterOptionalFieldIsMalformedAndAllocatesNothingLikeIt(long length) {
    byte[] bomb = message(ARCHIVED, writes(out -> {
      UndecodableMessagesTest.writeEnvelope(out);
      out.writeString("00000123");
      out.writeString("Sales");
      out.writeIndex(1);
      out.writeLong(length);
      out.writeFixed(new byte[] {'a', 'b', 'c'});
    }));

    assertDecodingFailsCheaply(bomb);
  }

  private static void assertDecodingFailsCheaply(byte[] bomb) {
    AtomicReference<Throwable> thrown = new AtomicReference<>();

    long allocated = allocatedBytesInAFreshThread(() -> thrown.set(catchThrowable(() -> CODEC.decode(bomb))));

    assertThat(thrown.get()).isInstanceOf(UndecodableEventException.class);
    assertThat(((UndecodableEventException) thrown.get()).reason()).isEqualTo(Reason.MALFORMED_BODY);
    assertThat(allocated).as("bytes allocated while decoding").isLessThan(ALLOWED_BYTES);
  }

  /**
   * Runs the action in a new thread, because Avro keeps a decoder with a scratch buffer per
   * thread: a buffer grown by an earlier decode would hide a new allocation.
   */
  private static long allocatedBytesInAFreshThread(Runnable action) {
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    assertThat(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled())
        .as("this JVM measures allocation per thread")
        .isTrue();
    AtomicLong allocated = new AtomicLong();
    Thread thread = new Thread(() -> {
      CODEC.decode(CODEC.encode(SampleEvents.employeeHired())); // warm up: first use allocates too
      long before = threads.getCurrentThreadAllocatedBytes();
      action.run();
      allocated.set(threads.getCurrentThreadAllocatedBytes() - before);
    });
    thread.start();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
    return allocated.get();
  }
}

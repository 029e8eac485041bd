package io.tablecast.embedded;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.RequestHeader;

/**
 * Asks a Kafka broker on 127.0.0.1 whether it answers: one {@code ApiVersions} request on a
 * socket of its own. The broker answers it from its request handler threads, so an answer means
 * that it serves clients, not only that its port is open.
 *
 * <p>A plain socket rather than an Admin client: a probe of a broker that is down must cost one
 * connection attempt and log nothing, where a client would retry and log each attempt.
 */
public final class KafkaProbe {

  private static final String CLIENT = "tablecast-watchdog";
  private static final int MAX_RESPONSE_BYTES = 1 << 20;
  private static final AtomicInteger CORRELATION = new AtomicInteger();

  private KafkaProbe() {}

  /**
   * Returns once the broker on {@code port} has answered, or throws: when nothing listens, when
   * it does not answer within about {@code timeout}, or when the answer is not Kafka's.
   */
  public static void ask(int port, Duration timeout) throws IOException {
    int millis = (int) Math.max(1, timeout.toMillis());
    ApiVersionsRequest request = new ApiVersionsRequest.Builder(
        new ApiVersionsRequestData().setClientSoftwareName(CLIENT).setClientSoftwareVersion("1"),
        ApiKeys.API_VERSIONS.oldestVersion(), ApiKeys.API_VERSIONS.latestVersion()).build();
    RequestHeader header = new RequestHeader(
        ApiKeys.API_VERSIONS, request.version(), CLIENT, CORRELATION.incrementAndGet());
    ByteBuffer serialized = request.serializeWithHeader(header);
    byte[] bytes = new byte[serialized.remaining()];
    serialized.get(bytes);
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), millis);
      socket.setSoTimeout(millis);
      DataOutputStream out = new DataOutputStream(socket.getOutputStream());
      out.writeInt(bytes.length);
      out.write(bytes);
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      int size = in.readInt();
      if (size < 0 || size > MAX_RESPONSE_BYTES) {
        throw new IOException("Not a Kafka response: a frame of " + size + " bytes");
      }
      byte[] response = in.readNBytes(size);
      if (response.length != size) {
        throw new IOException("The connection closed in the middle of the response");
      }
      try {
        // Checks that the answer is the one to this request (its correlation id).
        AbstractResponse.parseResponse(ByteBuffer.wrap(response), header);
      } catch (RuntimeException e) {
        throw new IOException("Not a Kafka response to ApiVersions: " + e.getMessage(), e);
      }
    }
  }
}

package io.tablecast.commands.adapter.out.kafka;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tablecast.commands.domain.ArchiveEmployee;
import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.ChangeEmployeeDetails;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.RecordCompletion;
import io.tablecast.commands.domain.RefusedRequest;
import io.tablecast.commands.domain.ReleaseEmailClaim;
import io.tablecast.commands.domain.TransferEmployee;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.io.IOException;
import java.util.function.Function;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * JSON for the command side's internal topics and state stores: commands in flight, results and
 * aggregate states. These are not part of the SPEC contract (events are Avro); JSON keeps them
 * readable with any Kafka tool. The domain records stay free of Jackson: polymorphism and id
 * formats are declared here.
 */
public final class InternalJson {

  static final ObjectMapper MAPPER = mapper();

  private InternalJson() {}

  public static <T> Serde<T> serde(Class<T> type) {
    Serializer<T> serializer = (topic, value) -> value == null ? null : write(value);
    Deserializer<T> deserializer = (topic, bytes) -> bytes == null ? null : read(bytes, type);
    return Serdes.serdeFrom(serializer, deserializer);
  }

  /** A typed reader, for code that consumes raw bytes. */
  public interface Reader<T> {
    T read(byte[] bytes);
  }

  public static <T> Reader<T> reader(Class<T> type) {
    return bytes -> read(bytes, type);
  }

  private static byte[] write(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (IOException e) {
      throw new SerializationException("Cannot write " + value.getClass().getSimpleName(), e);
    }
  }

  private static <T> T read(byte[] bytes, Class<T> type) {
    try {
      return MAPPER.readValue(bytes, type);
    } catch (IOException e) {
      throw new SerializationException("Cannot read " + type.getSimpleName(), e);
    }
  }

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = CreateDepartment.class, name = "CreateDepartment"),
    @JsonSubTypes.Type(value = AssignManager.class, name = "AssignManager"),
    @JsonSubTypes.Type(value = HireEmployee.class, name = "HireEmployee"),
    @JsonSubTypes.Type(value = ChangeEmployeeDetails.class, name = "ChangeEmployeeDetails"),
    @JsonSubTypes.Type(value = TransferEmployee.class, name = "TransferEmployee"),
    @JsonSubTypes.Type(value = ArchiveEmployee.class, name = "ArchiveEmployee"),
    @JsonSubTypes.Type(value = ReleaseEmailClaim.class, name = "ReleaseEmailClaim"),
    @JsonSubTypes.Type(value = RecordCompletion.class, name = "RecordCompletion"),
    @JsonSubTypes.Type(value = RefusedRequest.class, name = "RefusedRequest")
  })
  private interface CommandTypes {}

  private static ObjectMapper mapper() {
    SimpleModule ids = new SimpleModule("tablecast-ids");
    ids.addSerializer(EmployeeId.class, text(EmployeeId::canonical));
    ids.addDeserializer(EmployeeId.class, parsed(EmployeeId::parse));
    ids.addSerializer(DepartmentId.class, text(DepartmentId::value));
    ids.addDeserializer(DepartmentId.class, parsed(DepartmentId::new));
    return JsonMapper.builder()
        .addModule(new Jdk8Module())
        .addModule(new JavaTimeModule())
        .addModule(ids)
        .addMixIn(Command.class, CommandTypes.class)
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();
  }

  private static <T> JsonSerializer<T> text(Function<T, String> format) {
    return new JsonSerializer<>() {
      @Override
      public void serialize(T value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        gen.writeString(format.apply(value));
      }
    };
  }

  private static <T> JsonDeserializer<T> parsed(Function<String, T> parse) {
    return new JsonDeserializer<>() {
      @Override
      public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        return parse.apply(p.getValueAsString());
      }
    };
  }
}

import { describe, expect, it } from 'vitest';
import { jt808 } from '../../../src/server/protocols/jt808';
import { newSession, type Session } from '../../../src/server/protocols/types';
import { BODY_TIME, decode, location, PHONE, wire } from './jt808-helpers';

/**
 * What JT/T 808 terminals on the market put in their messages (docs/protocols.md, jt808): the alarm
 * bits and vendor items that carry alarms; battery, charging, ignition and ICCID where vendors put
 * them; 0x0002 with a body, 0x0107, 0x0109; vendors' published messages. Frames are Traccar's
 * published decoder test frames (real terminals) or built here from the layouts;
 * jt808-leniencies.test.ts has the framing leniencies and the identity forms.
 */

const ts = BODY_TIME;
/** The uplinks of a location built here, after the location itself. */
const after = (frame: Buffer, session: Session = newSession()) => decode(frame, session).uplinks.slice(1);

describe('JT/T 808 alarms', () => {
  it('maps bit 15 to a vibration event, 16/17 to the fault alarm (tampering), 30 to a collision (rollover)', () => {
    expect(after(location(1 << 15, 2))).toEqual([{ kind: 'event', name: 'jt808.vibration', ts }]);
    expect(after(location(1 << 16, 2))).toEqual([{ kind: 'alarm', alarm: 'fault', note: 'tampering', ts }]);
    expect(after(location(1 << 17, 2))).toEqual([{ kind: 'alarm', alarm: 'fault', note: 'tampering', ts }]);
    expect(after(location(1 << 29, 2))).toEqual([{ kind: 'alarm', alarm: 'collision', ts }]);
    expect(after(location(1 << 30, 2))).toEqual([{ kind: 'alarm', alarm: 'collision', note: 'rollover', ts }]);
  });

  it('raises a standing bit when it appears, not while it stays, and again after it cleared', () => {
    const session = newSession();
    const tamper = (serial: number, on: boolean) => after(location(on ? 1 << 17 : 0, 2, '', serial), session);
    expect(tamper(1, true)).toHaveLength(1);
    expect(tamper(2, true)).toEqual([]);
    expect(tamper(3, false)).toEqual([]);
    expect(tamper(4, true)).toHaveLength(1);
  });

  it('reads a published tampering alarm (bit 17) with its 0xFE battery', () => {
    const d = decode(
      '7e02000033421030000018004c000200000004000201556dcb06c4d41d000c00f100fc210118095853010400000000fe0140ff0c01cc000000002694000055d87a7e',
    );
    const at = Date.UTC(2021, 0, 18, 1, 58, 53);
    expect(d.uplinks.slice(1)).toEqual([
      { kind: 'status', battery: 64, ts: at },
      { kind: 'alarm', alarm: 'fault', note: 'tampering', ts: at },
    ]);
  });

  it('reads published 0xEB sub-items: 0x0089 bit 12 clear is a removal (wearing alarm), 0x00C5 bit 6 clear a vibration', () => {
    const removed = decode(
      '7e020000530095900689830016000000000000000b00a2394803a925f800000000000025112411514701040000003e300115310113eb29000c00b28988228066613427450900060089ffffefff000600c5ffffffef0004002d0fa5000300a85c757e',
    );
    const at = Date.UTC(2025, 10, 24, 3, 51, 47);
    // West of Greenwich (status bit 3), the raw log's summary signed as the position is.
    expect(removed.summary).toContain('10.631496,-61.416952');
    expect(removed.uplinks.slice(1)).toEqual([
      { kind: 'status', signal: 4, iccid: '89882280666134274509', battery: 92, ts: at },
      { kind: 'alarm', alarm: 'wearOff', note: 'removed', ts: at },
      { kind: 'event', name: 'jt808.ignitionOn', ts: at },
    ]);
    const shaken = decode(
      '7e020000530095900689830016000000000000000b00a2394803a925f800000000000025112411514701040000003e300115310113eb29000c00b28988228066613427450900060089ffffffff000600c5ffffffaf0004002d0fa5000300a85c257e',
    );
    expect(shaken.uplinks[2]).toEqual({ kind: 'event', name: 'jt808.vibration', ts: at });
    // 0x0089 bit 0 clear: the power cut; 0x00C6 3 or 4: low battery.
    expect(after(location(0, 2, 'eb0d' + '00060089fffffffe' + '000300c603'))).toEqual([
      { kind: 'alarm', alarm: 'powerLoss', ts },
      { kind: 'alarm', alarm: 'lowBattery', ts },
    ]);
  });

  it('reads the 0xE7 alarm word (bit 0 vibration, bits 1-4 SOS), edge-triggered like the standing bits', () => {
    const session = newSession();
    const e7 = (word: string, serial: number) => after(location(0, 2, 'e708' + word + '000000000000', serial), session);
    expect(e7('0003', 1)).toEqual([
      { kind: 'alarm', alarm: 'sos', ts },
      { kind: 'event', name: 'jt808.vibration', ts },
    ]);
    expect(e7('0003', 2)).toEqual([]);
    expect(e7('0000', 3)).toEqual([]);
    expect(e7('0010', 4)).toEqual([{ kind: 'alarm', alarm: 'sos', ts }]);
  });

  it("reads 0xE8 event codes (Jimi JC terminals), each report one; an unknown code as a named event; 3 bytes are a lock's state", () => {
    const session = newSession();
    expect(after(location(0, 2, 'e8020c01', 1), session)).toEqual([{ kind: 'alarm', alarm: 'sos', ts }]);
    expect(after(location(0, 2, 'e8020c01', 2), session)).toEqual([{ kind: 'alarm', alarm: 'sos', ts }]);
    expect(after(location(0, 2, 'e8020c12'))).toEqual([{ kind: 'alarm', alarm: 'fault', note: 'tampering', ts }]);
    expect(after(location(0, 2, 'e8020417'))).toEqual([{ kind: 'alarm', alarm: 'collision', ts }]);
    expect(after(location(0, 2, 'e8020c0e'))).toEqual([{ kind: 'alarm', alarm: 'powerLoss', ts }]);
    expect(after(location(0, 2, 'e8020401'))).toEqual([{ kind: 'event', name: 'jt808.harshBraking', ts }]);
    expect(after(location(0, 2, 'e8020c33'))).toEqual([{ kind: 'event', name: 'jt808.e8.0c33', ts }]);
    expect(after(location(0, 2, 'e803000101'))).toEqual([]);
  });

  it("reads 0xFE's 0x7C block: accident as a collision, tampering as a fault, harsh driving as events", () => {
    expect(after(location(0, 2, 'fe07' + '7c' + '0104' + '0000001f'))).toEqual([
      { kind: 'event', name: 'jt808.harshAcceleration', ts },
      { kind: 'event', name: 'jt808.harshBraking', ts },
      { kind: 'event', name: 'jt808.harshCornering', ts },
      { kind: 'alarm', alarm: 'collision', ts },
      { kind: 'alarm', alarm: 'fault', note: 'tampering', ts },
    ]);
    // Another mark: the battery follows it.
    expect(after(location(0, 2, 'fe050132000000'))).toEqual([{ kind: 'status', battery: 50, ts }]);
  });

  it('reads 0xD0 bit 3 as vibration', () => {
    expect(after(location(0, 2, 'd00400000008'))).toEqual([{ kind: 'event', name: 'jt808.vibration', ts }]);
  });
});

describe('JT/T 808 health and status values', () => {
  it('reads the battery of 0x56 (tenths), 0x68 (1/100 %), 0xD4/0xE1/0xE9/0xFE (%), 0xE3 and 0xE4', () => {
    const battery = (items: string) => (after(location(0, 2, items))[0] as { battery?: number }).battery;
    expect(battery('56020900')).toBe(90);
    expect(battery('68022328')).toBe(90);
    expect(battery('d40141')).toBe(65);
    expect(battery('e10150')).toBe(80);
    expect(battery('e90133')).toBe(51);
    expect(battery('fe0121')).toBe(33);
    expect(battery('e3060064019a0000')).toBe(100);
    expect(battery('e4020157')).toBe(87);
  });

  it('reads charging: 0xFF in 0xE1/0xE9, 0 in 0xE4, state 2/3 in 0xF7, 0xE8 0x2003', () => {
    expect(after(location(0, 2, 'e101ff'))).toEqual([{ kind: 'status', charging: true, ts }]);
    expect(after(location(0, 2, 'e901ff'))).toEqual([{ kind: 'status', charging: true, ts }]);
    expect(after(location(0, 2, 'e4020056'))).toEqual([{ kind: 'status', charging: true, battery: 86, ts }]);
    expect(after(location(0, 2, 'e4020156'))).toEqual([{ kind: 'status', charging: false, battery: 86, ts }]);
    expect(after(location(0, 2, 'f70600000e870246'))).toEqual([{ kind: 'status', charging: true, battery: 70, ts }]);
    expect(after(location(0, 2, 'e80a' + '2003' + '07' + '01' + '06' + '0fa0' + '14' + '0000'))).toEqual([
      { kind: 'status', charging: true, battery: 100, ts },
    ]);
  });

  it('reads published vendor battery items', () => {
    const level = (frame: string) => decode(frame).uplinks.find((u) => u.kind === 'status');
    // 0x56: 9 tenths.
    expect(
      level(
        '7e0200003f014501643822000300020000000c000c0000000000000000000000000000230615143903300111310100530901027f0300456f073e56020900fe02001e57080002000200000000df7e',
      ),
    ).toMatchObject({ battery: 90 });
    // 0xE1.
    expect(
      level(
        '7e0200002f017028775424038d000000000000000a0189dbeb04ca653a00000012014723040700074401040000000030011b31010ee1012dea020001dc7e',
      ),
    ).toMatchObject({ battery: 45 });
    // 0xE3.
    expect(
      level(
        '7e02000033017051564189000c00000000000c00020158ff7206cd1f4c000000000123201122115639010400000000300143310114930100e3060064019a0000557e',
      ),
    ).toMatchObject({ battery: 100 });
    // 0xE4: charging (0) and 86 %.
    expect(
      level(
        '7e02000072014310709432043a00000000000c000000d17bb3060107f900000000000025042312214001040000189b30011a310100e4020056e50101e60100e7080000000400000000ec2330de4bf67368cec65bbec0fac6b8f0090d353c03b87890a2f4b01eaa6420e36e35e6a8e10c020800040013b202e4648300f50101457e',
      ),
    ).toMatchObject({ battery: 86, charging: true });
    // 0xF7: state 2, charging, 70 %.
    expect(
      level(
        '7E020000964130564801050048000000001000004F01651E2E02CAEC3802E80000001524062616002101040000000330011F31010EF1040000308CF231414F56585F564C3330302D4C415F48322E315F4547393135554C4141425230334130324D30385F56322E312E305F763130F3011FF400F5080000000000000001F6084008FFFFFFFD0009F70600000E870246F912000F000000010000062A00082406261600184D7E',
      ),
    ).toMatchObject({ battery: 70, charging: true });
    // 0xEB sub-item 0x00E1, and status bit 26 (charging).
    expect(
      level(
        '7e020000340551231425560568000000000400000201618a9706c320e100410000002722060816261501040000015d300115310105eb0a000300e164000300e301957e',
      ),
    ).toMatchObject({ battery: 100, charging: true });
  });

  it('reads status bit 26 as charging (and its clearing), bit 0 as ignition events on each change', () => {
    const session = newSession();
    const at = (status: number, serial: number) => after(location(0, status, '', serial), session);
    expect(at(2 | (1 << 26) | 1, 1)).toEqual([
      { kind: 'status', charging: true, ts },
      { kind: 'event', name: 'jt808.ignitionOn', ts },
    ]);
    expect(at(2 | (1 << 26) | 1, 2)).toEqual([{ kind: 'status', charging: true, ts }]);
    expect(at(2, 3)).toEqual([
      { kind: 'status', charging: false, ts },
      { kind: 'event', name: 'jt808.ignitionOff', ts },
    ]);
    expect(at(2, 4)).toEqual([]);
  });

  it('reads the heartbeat (0x0002) body of battery %, signal (CSQ) and status; a bare one carries nothing', () => {
    const d = decode(wire(0x0002, PHONE, 7, '5a1400'));
    expect(d.uplinks).toEqual([{ kind: 'status', battery: 90, signal: 4 }]);
    expect(d.reply).toEqual(wire(0x8001, PHONE, 1, '0007000200'));
    expect(decode('7e0002000004304832546500b7ca7e').uplinks).toEqual([]);
  });

  it('reads the ICCID and versions of the terminal attributes (0x0107), both editions', () => {
    const text = (s: string) => Buffer.from(s).toString('hex');
    const pad = (s: string, n: number) => text(s).padEnd(n * 2, '0');
    const tail = '89860012345678901234' + '03' + text('HW1') + '05' + text('FW2.0') + '0301';
    const d = decode(wire(0x0107, PHONE, 3, '0001' + pad('JIMI1', 5) + pad('JC400', 20) + pad('T1', 7) + tail));
    expect(d.uplinks).toEqual([
      { kind: 'status', iccid: '89860012345678901234', systemVersion: 'HW1', appVersion: 'FW2.0' },
    ]);
    expect(d.reply).toEqual(wire(0x8001, PHONE, 1, '0003010700'));
    const phone = '00000000013912345678';
    const v2019 = decode(wire(0x0107, phone, 3, '0001' + pad('JIMI1', 5) + pad('JC400', 30) + pad('T1', 30) + tail, 1));
    expect(v2019.uplinks).toEqual(d.uplinks);
    expect(() => jt808.decode(wire(0x0107, PHONE, 3, '0001'), newSession(), 0)).toThrow('needs');
  });

  it('answers the time sync request (0x0109) with 0x8109: UTC year, month, day, hour, minute, second, result 0', () => {
    const now = Date.UTC(2026, 10, 28, 1, 2, 3);
    const d = decode(wire(0x0109, PHONE, 4, ''), newSession(), now);
    expect(d.uplinks).toEqual([]);
    expect(d.reply).toEqual(wire(0x8109, PHONE, 1, '07ea0b1c01020300'));
  });
});

describe('JT/T 808 published frames', () => {
  /**
   * Traccar's JC371 test messages are written unescaped (its decoder test skips the framer): the
   * header and body as published, framed here (escapes, check code) as a terminal sends them.
   */
  const jc = (published: string) => {
    const raw = published.slice(2, -4);
    return wire(parseInt(raw.slice(0, 4), 16), raw.slice(8, 20), parseInt(raw.slice(20, 24), 16), raw.slice(24));
  };
  const at = Date.UTC(2026, 0, 1, 4, 0, 0);

  it("reads Jimi JC 0xE8: 0x2003's charging and battery, the SOS (0x0C01) and vibration (0x0406) codes; the id as the IMEI it encodes", () => {
    const battery = decode(
      jc(
        '7E020000344EB6FB4AD6280001000000000000000301587D0106CBFF6600000000000026010112000001040000007B30011831010AE80A2003070105019F030190657E',
      ),
    );
    expect(battery.imei).toBe('865478070001047');
    expect(battery.irregular).toBeUndefined();
    expect(battery.uplinks[1]).toEqual({ kind: 'status', signal: 4, charging: true, battery: 83, ts: at });
    const sos = decode(
      jc(
        '7E0200003E4EB6FB4AD6280002000000000000000301587D0106CBFF6600000000000026010112000001040000007B30011831010AE8140C01103131313131313126010112000000000000467E',
      ),
    );
    expect(sos.uplinks).toContainEqual({ kind: 'alarm', alarm: 'sos', ts: at });
    const shaken = decode(
      jc(
        '7E0200003E4EB6FB4AD6280003000000000000000301587D0106CBFF6600000000000026010112000001040000007B30011831010AE8140406103131313131313126010112000000000000487E',
      ),
    );
    expect(shaken.uplinks).toContainEqual({ kind: 'event', name: 'jt808.vibration', ts: at });
  });

  it('reads the ICCID and firmware of a published terminal attributes answer (0x0107)', () => {
    const d = decode(
      '7e0107004904546000563500030000584300000043354c00000000000000000000000000000000003938383731323589883030000131882455001943354c5f56322e3620323032362f30362f30342031353a33310301f47e',
    );
    expect(d.uplinks).toEqual([
      { kind: 'status', iccid: '89883030000131882455', appVersion: 'C5L_V2.6 2026/06/04 15:31' },
    ]);
  });

  it("decodes every published location of Traccar's test set without an error, each uplink valid", () => {
    const published = [
      '7e0200006300000000000008f50000000000000000000000000000000000c7000000cc260615100115010400000001300114310108eb39000c00b20000000000000000000000060089fffffffe000600c5ffffffef0006002d00002db4001100d5303030303030303030303030303030c87e',
      '7e02000032000000000000022500000000000c0002000000000000000000710000014626061510572501040000006430011f31010ce10200722b04ab560000487e',
      '7e02000048051160004464000d00000000000c00020159885e06cbf34400000000000020080718072201040000000130011c310109e4020063e50100e60100e7080000000000000000ee0a01cc01262c009a6743001e7e',
      '7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000258230010031010e507e',
      '7e0200004d794308010679013800000000022c004e01819568036ef38c005c00120000251118112611d40164d50201a230011d31010cf40104f9020007fe0400000090fd0a02e8000400044a150fe6ef014a0b062200623a4965977e',
      '7e0200009e017721028890061b00000000004c000301d9f2d4073ca28d002b01c2000024011017260501040000023c3001193101162504000000001404000000011504000000041604000000001702000018030000002b0400000000e10400735443e20400001211e30a4e61747572654c696e6be635244f42442d52542c2c35352e3030302c3130332e37382c2c302e302c342c2c2c2c302e3030302c2c31323336302e32382c2c2c0d0aa27e',
      '7e020000880145426551120220000000000000000a009bb1e404fe80d401360000012a25060923014201040001547c14040000000415040000000017020001300115310112eb3f000c00b28950604201407522798f00060089ffffffff000600c5ffffffef0004002d304c001100d5333531383430363230323732383638000600f800000000ef0d00000000000000000011140000147e',
      '7e0200003a019172511329001300000000000000020158df7206c9607000370000008424051311201801040000000030010d31011d5708000000000000000082020092510201230b7e',
      '7e020000460100503769640002000001000000001a01b9eaf804d8ee86001800000000240507035152010400000000300100310107eb1c00060089fffffffe000400ce0000000c00b28942310221007544309f5f7e',
      '7e02000042012291302260198f00000000800c012300d2651605ff3188001e0000000022102510310003020000a70400000000ac040000012ce5020003e60b03bc572900ce2eef183200e7030000005c7e',
      '7e0200002e202000129707001c0000000000001c0601a2f0a8091f0bf00000000000ed201103031733000000000000000000780000000018000000267e',
      '7e0200002e094027587492000a000000010000000a03083db7001329f3000000140000130412164952010400000012360a0002341502cb0c20085c107e',
      '7e020000220014012499170007000000000000400e012af16f02cbd2ba000000000000150101194257010400000077a97e',
      '7e02000072045460005635007300000000000000000236d51c00823f19000000000000260602220701010400000000300111310100e4020064e50100e60100e7080000000600000000e10c010c000600bbe4001ada1500ec23f0090dba115abb5091e3194157b9ce20bd25d93fb5ce20bd85d93fb57e9cd82cadd5b1f50101717e',
      '7E0201001E000000000008000100010000000000000002015752A006CB8080000000000000260824153000517E',
    ];
    for (const frame of published) {
      const d = decode(frame);
      expect(d.reply === undefined || d.reply[0] === 0x7e, frame).toBe(true);
    }
    // The 0x0201 answer: 22.5, 114.0 at 2026-08-24 07:30 UTC.
    expect(decode(published.at(-1)!).uplinks[0]).toMatchObject({
      lat: 22.5,
      lon: 114,
      ts: Date.UTC(2026, 7, 24, 7, 30, 0),
    });
  });
});

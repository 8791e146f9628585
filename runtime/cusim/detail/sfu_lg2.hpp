// The GPU's special-function unit's base-2 logarithm, lg2.approx.f32 (MUFU.LG2), as measured on an
// H200: log2 of the mantissa m in [1, 2) is a quadratic in each of 128 segments (m's top 7
// fraction bits), in x, its low 16 bits, and the result is the exponent plus that, rounded toward
// zero. NVIDIA does not publish the unit's tables; these coefficients are fitted to its results
// over all 2^23 mantissas (tools/gpu-probes/lg2_probe.cu records them, lg2_fit.py fits and prints
// this table). The model equals the GPU for 88 % of arguments in [1, 2), 89 % in [1/2, 1), 99.5 %
// in [2^-7, 2^-6) and 99.9 % in [2^-20, 2^-19), the rest one unit in the last place away; the
// unit's internal rounding of its products, which decides those, is not reproduced.
#pragma once
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

// {c0, c1, c2} of each segment: log2(m) ~ c0 + c1 x + c2 x^2.
inline constexpr double kLg2Segments[128][3] = {
    {0x1.f63304ab9528bp-24, 0x1.714ffc2890cbap-23, -0x1.6b6f25a436edap-47},
    {0x1.6fe57adb95c92p-7, 0x1.6e790e0415807p-23, -0x1.6b7e0159c6450p-47},
    {0x1.6e79ab0ba4846p-6, 0x1.6ba20f437c331p-23, -0x1.608002a3e6bb6p-47},
    {0x1.11cd368fa043bp-5, 0x1.68e10f0a688f3p-23, -0x1.607fc3e050e26p-47},
    {0x1.6bad856a9c4fap-5, 0x1.66200eb7e149fp-23, -0x1.567fe666afb96p-47},
    {0x1.c4dfe669d7236p-5, 0x1.63730ee14f062p-23, -0x1.56800f114ebecp-47},
    {0x1.0eb3aaa5ee5a0p-4, 0x1.60c80e4ffc6d6p-23, -0x1.4c7fcf1ca1e5cp-47},
    {0x1.3aa31b223543dp-4, 0x1.5e2f0e93a68bdp-23, -0x1.4c802c11e0656p-47},
    {0x1.663f9699dda2cp-4, 0x1.5b980ddba3398p-23, -0x1.42ffd6e63d4d5p-47},
    {0x1.918a3712a6382p-4, 0x1.59120df13e649p-23, -0x1.42ffe4fd4867fp-47},
    {0x1.bc844a8b1fc6cp-4, 0x1.568e0daa96832p-23, -0x1.398014a77e3a5p-47},
    {0x1.e72edb02ed38ep-4, 0x1.541b0d6106faep-23, -0x1.397fdb8317db7p-47},
    {0x1.08c5993fb697ep-3, 0x1.51aa0d489f17bp-23, -0x1.31000d3719198p-47},
    {0x1.1dcd2979fb538p-3, 0x1.4f480d10bda1fp-23, -0x1.30fff4c7f36dbp-47},
    {0x1.32aea738e87adp-3, 0x1.4ce80cc075e98p-23, -0x1.27ffcc13d1431p-47},
    {0x1.476aa771302f2p-3, 0x1.4a980cae96dc9p-23, -0x1.27ffced7bf612p-47},
    {0x1.5c01b734674d9p-3, 0x1.48480c592a628p-23, -0x1.1fffd7eae7276p-47},
    {0x1.70743766bb2bcp-3, 0x1.46080ceefaf3ap-23, -0x1.200042dd4b476p-47},
    {0x1.84c2cb2d63b7fp-3, 0x1.43c80c395e10ep-23, -0x1.17801ead5b257p-47},
    {0x1.98edd3633773bp-3, 0x1.41990b770c548p-23, -0x1.177f51662d5fap-47},
    {0x1.acf5f1258cf55p-3, 0x1.3f680c8f7bd1dp-23, -0x1.10008c9597dcfp-47},
    {0x1.c0db7158dc13ep-3, 0x1.3d480c788a007p-23, -0x1.10009d61095d8p-47},
    {0x1.d49ef3235464ep-3, 0x1.3b260b9053db2p-23, -0x1.09000edea8ee4p-47},
    {0x1.e840c354775c8p-3, 0x1.39140c34b8ac2p-23, -0x1.0900bd454415cp-47},
    {0x1.fbc1791edfe10p-3, 0x1.37020b882f270p-23, -0x1.03004af042afcp-47},
    {0x1.0790b4a6c6635p-2, 0x1.34fc0c6b2df5dp-23, -0x1.030135d96627ep-47},
    {0x1.11307f8e22e80p-2, 0x1.32f80a4a1fddap-23, -0x1.f7fed1eda3d7ap-48},
    {0x1.1ac05fa33175cp-2, 0x1.31000ca9881f3p-23, -0x1.f803520dbbb8ap-48},
    {0x1.24407f8aeb74fp-2, 0x1.2f080a9d0960ep-23, -0x1.eafffc12d8cfdp-48},
    {0x1.2db113a1ef119p-2, 0x1.2d1d0afec1b86p-23, -0x1.eb013ef295195p-48},
    {0x1.3712548a0bcb0p-2, 0x1.2b3209ebb89f1p-23, -0x1.deff5c6400db6p-48},
    {0x1.4064689ec1d3ap-2, 0x1.29530aa552352p-23, -0x1.df007cb5c37c8p-48},
    {0x1.49a78986b4de0p-2, 0x1.277409d92b149p-23, -0x1.d1ff8809b659ap-48},
    {0x1.52dbe19cfbee0p-2, 0x1.25a20a264f462p-23, -0x1.d200404277520p-48},
    {0x1.5c01ab84a034bp-2, 0x1.23ce0a0909710p-23, -0x1.c7007f27c2c79p-48},
    {0x1.6518ff9a0333bp-2, 0x1.220709e70d288p-23, -0x1.c70049efc9d28p-48},
    {0x1.6e22258446ba8p-2, 0x1.204008ed82e09p-23, -0x1.bcff33775c0bbp-48},
    {0x1.771d31975319dp-2, 0x1.1e8309e914213p-23, -0x1.bd002e6f9226ap-48},
    {0x1.800a5c8104ec1p-2, 0x1.1cc609754565cp-23, -0x1.b10067e37ec9ep-48},
    {0x1.88e9c894a1c02p-2, 0x1.1b1509b3775c7p-23, -0x1.b1009f19750eap-48},
    {0x1.91bbaf80284d8p-2, 0x1.196408f6dc6c4p-23, -0x1.a8ffa6b250759p-48},
    {0x1.9a802b9308ab3p-2, 0x1.17bb094ccd061p-23, -0x1.a8ffebca08671p-48},
    {0x1.a337637d97795p-2, 0x1.161408f719b47p-23, -0x1.9e006a4fae578p-48},
    {0x1.abe18b9021447p-2, 0x1.147608b5f4106p-23, -0x1.9dff2a35875d4p-48},
    {0x1.b47ec17c5a8bap-2, 0x1.12d808611b982p-23, -0x1.93ff899f7efe2p-48},
    {0x1.bd0f318e3ae98p-2, 0x1.114408dd73c97p-23, -0x1.93ff90efc39f2p-48},
    {0x1.c592fe7aacb44p-2, 0x1.0fb008cc649c3p-23, -0x1.8c011b9a6462fp-48},
    {0x1.ce0a4e8c6278cp-2, 0x1.0e24089eade4fp-23, -0x1.8bffeecae83edp-48},
    {0x1.d6754278f8dacp-2, 0x1.0c980857116f3p-23, -0x1.810031403d053p-48},
    {0x1.ded3fe8a21b10p-2, 0x1.0b1708c037fe9p-23, -0x1.810102d413069p-48},
    {0x1.e726ad76ff9ccp-2, 0x1.0994082ce7b6bp-23, -0x1.7900185413f02p-48},
    {0x1.ef6d6986b5eeep-2, 0x1.081b089353118p-23, -0x1.79005ed3394dep-48},
    {0x1.f7a85a752e3c8p-2, 0x1.06a0081865d0dp-23, -0x1.700026476695ap-48},
    {0x1.ffd79a860c9b4p-2, 0x1.053007cbd26fap-23, -0x1.6fff7553ce644p-48},
    {0x1.03fdaab9db8d6p-1, 0x1.03be0877d89a6p-23, -0x1.690179485b498p-48},
    {0x1.0809d0c34c0e4p-1, 0x1.025506c0aa90cp-23, -0x1.68fe107c7adb6p-48},
    {0x1.0c105145317d3p-1, 0x1.00ebf12b0c1d8p-23, -0x1.61d8db53883eep-48},
    {0x1.10113d44b2700p-1, 0x1.ff14089f17b37p-24, -0x1.61fa8037b7d19p-48},
    {0x1.140ca2b8eb1c8p-1, 0x1.fc500f8f07148p-24, -0x1.5a00c2208dc88p-48},
    {0x1.18028ec1c2203p-1, 0x1.f99c0e5e577afp-24, -0x1.5a000e9b73fa8p-48},
    {0x1.1bf31538ca436p-1, 0x1.f6e80d17def00p-24, -0x1.52fee19ece0aap-48},
    {0x1.1fde3f40db109p-1, 0x1.f4420d957356bp-24, -0x1.52ff663016c65p-48},
    {0x1.23c41f3733a79p-1, 0x1.f19c0ee5d12eap-24, -0x1.4b00359bc75dbp-48},
    {0x1.27a4c13eb35e6p-1, 0x1.ef060f1572fc5p-24, -0x1.4b00a0a74dd7bp-48},
    {0x1.2b8036b72348ap-1, 0x1.ec700dacdbcb1p-24, -0x1.45ffbc21f6c70p-48},
    {0x1.2f568abf1a89dp-1, 0x1.e9e40ccf84788p-24, -0x1.45ff13ffabc4ep-48},
    {0x1.3327c835dc21fp-1, 0x1.e75c0ede5f4b6p-24, -0x1.3f011e2fd02fap-48},
    {0x1.36f4023dbaa3cp-1, 0x1.e4de0e68fa5e5p-24, -0x1.3f00a4da435b9p-48},
    {0x1.3abb42b623230p-1, 0x1.e2600c5b24f77p-24, -0x1.36fed6d631dfbp-48},
    {0x1.3e7d94bb82d0ep-1, 0x1.dff20f82aad31p-24, -0x1.370139a5cc7e0p-48},
    {0x1.423b0bb57b03dp-1, 0x1.dd840b5e556ebp-24, -0x1.32fd6571486b4p-48},
    {0x1.45f3adbba94b8p-1, 0x1.db1e0f4203bcep-24, -0x1.33024e63b8e50p-48},
    {0x1.49a78834e81cep-1, 0x1.d8bc0cf8dc98dp-24, -0x1.2c009761a4454p-48},
    {0x1.4d56a839e163cp-1, 0x1.d664117af0844p-24, -0x1.2c03db6fd0731p-48},
    {0x1.51011b340fd4fp-1, 0x1.d40c0ca53bb2dp-24, -0x1.24ffd706ab3efp-48},
    {0x1.54a6e939a8fffp-1, 0x1.d1c20eed39292p-24, -0x1.250140c12fdaap-48},
    {0x1.584826b3ad411p-1, 0x1.cf780c060901ap-24, -0x1.20ff6f5ba520ep-48},
    {0x1.5be4d4ba13e26p-1, 0x1.cd360c64a8b12p-24, -0x1.20ffda3dae2acp-48},
    {0x1.5f7d01b2f1b46p-1, 0x1.caf80caafcfbdp-24, -0x1.1b0076796df3bp-48},
    {0x1.6310bbb8fcacfp-1, 0x1.c8c20d9073700p-24, -0x1.1b00aa1f95771p-48},
    {0x1.66a00a32d7655p-1, 0x1.c68c0b5f1ef00p-24, -0x1.13ff46b48f6d8p-48},
    {0x1.6a2afa38744bdp-1, 0x1.c4640c9d864c9p-24, -0x1.140077a98af33p-48},
    {0x1.6db198b188ea8p-1, 0x1.c2380c9277a91p-24, -0x1.0f00ec826ee46p-48},
    {0x1.7133eab391f1dp-1, 0x1.c01a1645dc941p-24, -0x1.0f0891214608cp-48},
    {0x1.74b2003187c06p-1, 0x1.bdf80bf8fc686p-24, -0x1.0a00ad0cce606p-48},
    {0x1.782bdc385db90p-1, 0x1.bbe40ad156ba1p-24, -0x1.09ffa28653db6p-48},
    {0x1.7ba19030eff90p-1, 0x1.b9d00c7949118p-24, -0x1.0601f8d520e74p-48},
    {0x1.7f13243740fe8p-1, 0x1.b7c40b9d7af9bp-24, -0x1.060020a91c57bp-48},
    {0x1.82809eb103ab0p-1, 0x1.b5b80b2a080acp-24, -0x1.010058fcef3a5p-48},
    {0x1.85ea0cb70e641p-1, 0x1.b3b60a9739620p-24, -0x1.00ffb3dfde334p-48},
    {0x1.894f78b02564dp-1, 0x1.b1b40bd85a29bp-24, -0x1.fa01e61927cd2p-49},
    {0x1.8cb0e6b655843p-1, 0x1.afba0b0cb9922p-24, -0x1.fa00439c37ff1p-49},
    {0x1.900e64af31d40p-1, 0x1.adc40bb5ce4b2p-24, -0x1.f200dfc70c766p-49},
    {0x1.9367fab7d8326p-1, 0x1.abd2039933228p-24, -0x1.f1f37d1244af4p-49},
    {0x1.96bdb02f760b6p-1, 0x1.a9e40aacf1e4cp-24, -0x1.e80030dac0224p-49},
    {0x1.9a0f90355f1d1p-1, 0x1.a7fc0a422453bp-24, -0x1.e7ff35ade5c23p-49},
    {0x1.9d5da22f7eb10p-1, 0x1.a6140aa296cfcp-24, -0x1.dc00c1b81b434p-49},
    {0x1.a0a7ee344a7dfp-1, 0x1.a4380be673eedp-24, -0x1.dc02e2b54fe18p-49},
    {0x1.a3ee81ade28f1p-1, 0x1.a2580bd54ede9p-24, -0x1.d40263831b8f0p-49},
    {0x1.a7315db420acap-1, 0x1.a0840878804c5p-24, -0x1.d3fbdd67e9618p-49},
    {0x1.aa70922f17d8dp-1, 0x1.9eb008de6312fp-24, -0x1.cffd5295913aep-49},
    {0x1.adac2234a5ee1p-1, 0x1.9ce0098b9cbbcp-24, -0x1.cffff689b7c0ep-49},
    {0x1.b0e4132deaa9ep-1, 0x1.9b1409d2ec85bp-24, -0x1.c5fdcfa78f53cp-49},
    {0x1.b4187534052bap-1, 0x1.994e0873d81ebp-24, -0x1.c5fcf5ed8b29fp-49},
    {0x1.b7494b2d9dc9cp-1, 0x1.97880946dd629p-24, -0x1.bdfe82da8b370p-49},
    {0x1.ba769d33086a2p-1, 0x1.95ca08ea7d299p-24, -0x1.bdfdff97f05fdp-49},
    {0x1.bda073ad8519ep-1, 0x1.940c0a08fee46p-24, -0x1.b600db3375f74p-49},
    {0x1.c0c6d5b4988afp-1, 0x1.92560675f4dfep-24, -0x1.b5fbd2685a2fbp-49},
    {0x1.c3e9cdac64b0ep-1, 0x1.90a0090223332p-24, -0x1.affe285af975bp-49},
    {0x1.c7095db1ecb1dp-1, 0x1.8ef00b1c43f5cp-24, -0x1.b0035cc4fb435p-49},
    {0x1.ca2590abc29a2p-1, 0x1.8d400b2f3b0b3p-24, -0x1.a603966dd333bp-49},
    {0x1.cd3e6ab253ba0p-1, 0x1.8b9a076c9183dp-24, -0x1.a5fca7c962374p-49},
    {0x1.d053f7ac8b91dp-1, 0x1.89f408fd78f2ep-24, -0x1.a1ff4dfd60e08p-49},
    {0x1.d3663db166037p-1, 0x1.885209a3735b5p-24, -0x1.a200f94a54768p-49},
    {0x1.d6753eac7f22fp-1, 0x1.86b0088ca9121p-24, -0x1.9800ad50c5e95p-49},
    {0x1.d98106b161fa8p-1, 0x1.851807f93b31fp-24, -0x1.97fef582e3228p-49},
    {0x1.dc899d2b8df3ap-1, 0x1.837c0a149a5cfp-24, -0x1.9202c8938ea9ep-49},
    {0x1.df8f0330a4c79p-1, 0x1.81ea08280add7p-24, -0x1.91fe3168d9d60p-49},
    {0x1.e291442d5bf47p-1, 0x1.805801d8fcc8ep-24, -0x1.8df277b908a41p-49},
    {0x1.e5906630badabp-1, 0x1.7eca0861044b8p-24, -0x1.8dffe88ad89f3p-49},
    {0x1.e88c6eab7260fp-1, 0x1.7d3c0848a6fc9p-24, -0x1.85fef7fd7e95ap-49},
    {0x1.eb8560b023a0dp-1, 0x1.7bb608b60d7efp-24, -0x1.8600dff6000e9p-49},
    {0x1.ee7b49ac0bdb4p-1, 0x1.7a3006e1c7a70p-24, -0x1.7ffe06c26ce21p-49},
    {0x1.f16e29b011310p-1, 0x1.78b005b135cd9p-24, -0x1.7ffa25250819cp-49},
    {0x1.f45e0aaa63507p-1, 0x1.7730091ea9218p-24, -0x1.7a01e8d86cf4fp-49},
    {0x1.f74af0aeed306p-1, 0x1.75b607e5c9b5dp-24, -0x1.79fe6dd716382p-49},
    {0x1.fa34e22a9e472p-1, 0x1.743c08c8553e8p-24, -0x1.740223bed1619p-49},
    {0x1.fd1be62efc594p-1, 0x1.72c8084ca6cc6p-24, -0x1.740092ebdc86dp-49},
};

// lg2.approx(.ftz).f32 of a positive normal float; zero, subnormal, negative, infinite and NaN
// arguments give log2's own results (the .ftz form's -inf for a subnormal is its caller's).
inline float lg2_approx(float a) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(a);
  if (!(a > 0.0f) || a == std::numeric_limits<float>::infinity() || (bits >> 23) == 0)
    return static_cast<float>(std::log2(static_cast<double>(a)));
  const int e = static_cast<int>(bits >> 23) - 127;
  if ((bits & 0x7fffffu) == 0) return static_cast<float>(e);
  const double* c = kLg2Segments[(bits >> 16) & 127u];
  const double x = static_cast<double>(bits & 0xffffu);
  const double exact = e + (c[0] + x * (c[1] + x * c[2]));
  float r = static_cast<float>(exact);
  if (std::fabs(static_cast<double>(r)) > std::fabs(exact)) r = std::nextafter(r, 0.0f);
  return r;
}

}  // namespace cusim::libdevice
